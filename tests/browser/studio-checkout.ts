/** A checkout of the site as the studio runs in, with a bare remote, built once (scripts/bench/studio-checkout.ts). */
export { createStudioCheckout, type StudioCheckout } from '../../scripts/bench/studio-checkout.ts';
