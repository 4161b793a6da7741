import classes from './public.module.css';

/** Fluent's brand background as a CSS variable (the sign-in screen draws the mark without Griffel's token map). */
const brandBackground = 'var(--colorBrandBackground)';

/**
 * The console's mark: a painter's palette drawn in the theme's brand colours, so it follows the
 * operator's theme colour. Decorative (the product name is always written next to it).
 */
export function BrandMark({ size = 28 }: { readonly size?: number }) {
  return (
    <svg className={classes.brandMark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="8" fill={brandBackground} />
      <path
        d="M16 6.5c-5.8 0-10 3.9-10 9 0 4.6 3.5 8.5 8.2 8.5 1.4 0 2.2-.8 2.2-1.9 0-.6-.3-1-.6-1.4-.3-.4-.6-.8-.6-1.4 0-1 .8-1.7 1.8-1.7h2.3c3.5 0 6.7-2.1 6.7-5.6 0-3.3-4.2-5.5-10-5.5z"
        fill="#FFFFFF"
        fillOpacity="0.95"
      />
      <circle cx="11.2" cy="14.2" r="1.7" fill="#E8465F" />
      <circle cx="14.6" cy="10.4" r="1.7" fill="#F5A524" />
      <circle cx="19.6" cy="10.6" r="1.7" fill="#2FB67C" />
      <circle cx="22.4" cy="14.6" r="1.7" fill={brandBackground} />
    </svg>
  );
}
