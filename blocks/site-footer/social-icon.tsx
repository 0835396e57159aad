/** Simple hand-drawn glyphs for the social networks (the icon package ships no brand marks). */
import type { SocialLink } from '../../src/generated/pages-json';

const paths: Record<SocialLink['network'], string> = {
  linkedin: 'M5 9h3v10H5zM6.5 4.5a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5M10 9h2.9v1.4c.4-.8 1.5-1.6 3-1.6 3.1 0 3.6 2 3.6 4.6V19h-3v-4.9c0-1.2 0-2.7-1.7-2.7s-1.9 1.3-1.9 2.6v5h-3z',
  x: 'M4 4h4.6l3.7 5.1L16.6 4h2.6l-5.7 6.6L20 20h-4.6l-4-5.5L6.6 20H4l6.1-7z',
  facebook: 'M13.5 20v-7h2.4l.4-2.8h-2.8V8.4c0-.8.3-1.4 1.4-1.4h1.5V4.5A19 19 0 0 0 14.2 4.4c-2.2 0-3.7 1.3-3.7 3.8v2H8V13h2.5v7z',
  instagram:
    'M8 4h8a4 4 0 0 1 4 4v8a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4m0 2a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2zm4 2.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7m0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3M16.8 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2',
  youtube:
    'M21 8.2a2.7 2.7 0 0 0-1.9-1.9C17.4 6 12 6 12 6s-5.4 0-7.1.3A2.7 2.7 0 0 0 3 8.2 28 28 0 0 0 2.7 12 28 28 0 0 0 3 15.8a2.7 2.7 0 0 0 1.9 1.9C6.6 18 12 18 12 18s5.4 0 7.1-.3a2.7 2.7 0 0 0 1.9-1.9 28 28 0 0 0 .3-3.8 28 28 0 0 0-.3-3.8M10 15V9l5.2 3z',
};

export function SocialIcon({ network }: { network: SocialLink['network'] }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={paths[network]} fill="currentColor" />
    </svg>
  );
}
