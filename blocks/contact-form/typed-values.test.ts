import { describe, expect, it } from 'vitest';
import { filterName, filterPhone } from '../../src/features/enquiry/rules';
import { typedValues } from './typed-values';

function serverForm(html: string): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = html;
  return form;
}

describe('typedValues', () => {
  it("takes each listed field's non-empty value, through the field's filter", () => {
    const form = serverForm('<input name="fullname"><input name="email"><input name="phone"><select name="looking_for"><option value="">Pick</option><option>Retail</option></select><textarea name="about_project"></textarea>');
    (form.elements.namedItem('fullname') as HTMLInputElement).value = 'Ada 42 Lovelace';
    (form.elements.namedItem('phone') as HTMLInputElement).value = '98-76 54 3210';
    (form.elements.namedItem('looking_for') as HTMLSelectElement).value = 'Retail';
    (form.elements.namedItem('about_project') as HTMLTextAreaElement).value = 'A support desk, please.';
    expect(typedValues(form, ['name', 'email', 'phone', 'industry', 'message'], { name: filterName, phone: filterPhone })).toEqual({
      name: 'Ada  Lovelace',
      phone: '9876543210',
      industry: 'Retail',
      message: 'A support desk, please.',
    });
  });

  it('ignores fields the form does not show, and a missing form', () => {
    const form = serverForm('<input name="fullname" value="Grace">');
    expect(typedValues(form, ['email'], {})).toEqual({});
    expect(typedValues(null, ['name'], {})).toEqual({});
  });
});
