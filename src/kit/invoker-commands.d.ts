/**
 * Invoker commands (`<button commandfor="id" command="show-modal">`) open and close a dialog without a script.
 * React passes the attributes through as written; its types do not list them yet.
 */
export {};

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration repeats React's type parameter
  interface ButtonHTMLAttributes<T> {
    commandfor?: string | undefined;
    command?: 'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover' | undefined;
  }
}
