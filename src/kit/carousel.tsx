/**
 * The site's one carousel: react-slick behind a wrapper that fixes what this stack gets wrong by default.
 *
 * - Hydration: the server and the first client render show a plain CSS row of slides (each slide
 *   100/slidesToShow % wide per media query), and slick takes over after mount with the slide count the
 *   viewport needs. We resolve the breakpoints ourselves with matchMedia and pass slick a plain slidesToShow:
 *   react-slick 0.31 does not apply `responsive` on the first render (akiran/react-slick#2446).
 * - Infinite mode clones slides and hides them with aria-hidden="true", links included: every hidden slide
 *   is made inert, so nothing focusable is hidden from assistive technology (axe aria-hidden-focus).
 * - Controls are real, labelled buttons; no autoplay; reduced motion turns the slide animation off.
 */
import { Children, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import SlickModule from 'react-slick';
import type { SliderSettings } from 'react-slick';
import { interopDefault } from './interop-default';
import styles from './carousel.module.css';

// Vite 8's production/SSR build hands over the CommonJS module object; unwrap it or React throws #130.
const Slider = interopDefault(SlickModule);
type SliderInstance = InstanceType<typeof Slider>;

export interface CarouselBreakpoint {
  /** Applies at viewport widths up to and including this many pixels (react-slick's meaning). */
  breakpoint: number;
  slidesToShow: number;
}

/** What a block asks of its carousel: plain data, so it can be tested and compared. */
export interface CarouselConfig {
  /** Slides visible on the widest screens. */
  slidesToShow: number;
  /** Fewer slides on narrower screens. Use the site's breakpoints (600/650/767/991/1200): the layout shown
   *  before the script runs is written for those. */
  responsive?: readonly CarouselBreakpoint[];
  /** Dot navigation; off unless asked for. */
  dots?: boolean;
  /** Wraps around from the last slide to the first; on unless turned off. */
  infinite?: boolean;
  /** Slides moved per step; 1 unless given. */
  slidesToScroll?: number;
  /** Slide animation in ms, 500 unless given; 0 when the visitor prefers reduced motion. */
  speed?: number;
}

/** The site's breakpoints, widest first; the CSS module has one media query for each. */
export const SITE_BREAKPOINTS = [1200, 991, 767, 650, 600] as const;

/** Slides to show, given which `(max-width: Npx)` queries match: the narrowest matching breakpoint wins. */
export function slidesToShowFor(config: CarouselConfig, matches: (maxWidth: number) => boolean): number {
  const narrowestFirst = [...(config.responsive ?? [])].sort((a, b) => a.breakpoint - b.breakpoint);
  return narrowestFirst.find((bp) => matches(bp.breakpoint))?.slidesToShow ?? config.slidesToShow;
}

/** Slides to show at a viewport width in CSS pixels. */
export function slidesToShowAt(config: CarouselConfig, width: number): number {
  return slidesToShowFor(config, (maxWidth) => width <= maxWidth);
}

/** The settings handed to react-slick once the viewport is known. */
export function sliderSettings(config: CarouselConfig, view: { slidesToShow: number; reducedMotion: boolean }): SliderSettings {
  return {
    slidesToShow: view.slidesToShow,
    slidesToScroll: config.slidesToScroll ?? 1,
    infinite: config.infinite ?? true,
    dots: config.dots ?? false,
    speed: view.reducedMotion ? 0 : (config.speed ?? 500),
    autoplay: false,
    // Our own buttons sit outside slick, so they keep their place and labels before and after mount.
    arrows: false,
    // Arrow keys inside the list would move a focused link out of view (and into an inert slide).
    accessibility: false,
    // Mouse dragging would stop visitors selecting the text; touch swiping stays.
    draggable: false,
    swipe: true,
  };
}

/** Number of dots slick draws (its own formula). */
export function dotCount(config: CarouselConfig, slideCount: number, slidesToShow: number): number {
  const scroll = config.slidesToScroll ?? 1;
  return (config.infinite ?? true) ? Math.ceil(slideCount / scroll) : Math.ceil((slideCount - slidesToShow) / scroll) + 1;
}

/** CSS custom properties that size the pre-mount row at each site breakpoint. */
export function breakpointVars(config: CarouselConfig): CSSProperties {
  const vars: Record<string, string> = { '--carousel-show-base': String(config.slidesToShow) };
  for (const width of SITE_BREAKPOINTS) vars[`--carousel-show-${width}`] = String(slidesToShowAt(config, width));
  return vars as CSSProperties;
}

/**
 * Makes every slide slick hides (aria-hidden="true": clones and off-screen slides) inert, and frees the
 * visible ones. Touches only attributes that need to change, so it is cheap to call on every mutation.
 */
export function markHiddenSlidesInert(root: ParentNode): void {
  for (const slide of root.querySelectorAll<HTMLElement>('.slick-slide')) {
    const hidden = slide.getAttribute('aria-hidden') === 'true';
    if (hidden && !slide.hasAttribute('inert')) slide.setAttribute('inert', '');
    else if (!hidden && slide.hasAttribute('inert')) slide.removeAttribute('inert');
  }
}

// useLayoutEffect so the client swaps to slick before it paints; it never runs on the server.
const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

interface View {
  slidesToShow: number;
  reducedMotion: boolean;
}

/** The viewport's slide count and motion preference; null on the server and in the first client render. */
function useView(config: CarouselConfig): View | null {
  const [view, setView] = useState<View | null>(null);
  const configRef = useRef(config);
  configRef.current = config;
  const key = JSON.stringify(config.responsive ?? []) + config.slidesToShow;

  useClientLayoutEffect(() => {
    const query = (media: string) => (typeof window.matchMedia === 'function' ? window.matchMedia(media) : null);
    const widths = new Map((configRef.current.responsive ?? []).map((bp) => [bp.breakpoint, query(`(max-width: ${bp.breakpoint}px)`)]));
    const motion = query('(prefers-reduced-motion: reduce)');
    const update = () => {
      const next = {
        slidesToShow: slidesToShowFor(configRef.current, (maxWidth) => widths.get(maxWidth)?.matches ?? false),
        reducedMotion: motion?.matches ?? false,
      };
      setView((prev) => (prev && prev.slidesToShow === next.slidesToShow && prev.reducedMotion === next.reducedMotion ? prev : next));
    };
    update();
    const lists = [...widths.values(), motion].filter((list): list is MediaQueryList => list !== null);
    for (const list of lists) list.addEventListener('change', update);
    return () => {
      for (const list of lists) list.removeEventListener('change', update);
    };
  }, [key]);

  return view;
}

export interface CarouselProps {
  /** The region's accessible name, e.g. the section heading. */
  label: string;
  /** Accessible names of the arrow buttons, e.g. "Previous testimonials" / "Next testimonials". */
  prevLabel: string;
  nextLabel: string;
  config: CarouselConfig;
  /** One child per slide. Avoid ids inside: infinite mode renders copies of slides. */
  children: ReactNode;
  className?: string;
}

export function Carousel({ label, prevLabel, nextLabel, config, children, className }: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const view = useView(config);
  const shown = view?.slidesToShow ?? config.slidesToShow;
  const paged = count > shown;
  const [current, setCurrent] = useState(0);
  // Announce slide changes only once the visitor moves the carousel, never on load.
  const [announce, setAnnounce] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const sliderRef = useRef<SliderInstance>(null);
  const mounted = view !== null;

  useClientLayoutEffect(() => {
    const frame = frameRef.current;
    if (!mounted || !frame) return;
    markHiddenSlidesInert(frame);
    if (typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => markHiddenSlidesInert(frame));
    observer.observe(frame, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [mounted]);

  const dots = paged && (config.dots ?? false);
  const totalDots = dotCount(config, count, shown);
  const scroll = config.slidesToScroll ?? 1;
  const dot = (i: number, disabled: boolean): ReactElement => (
    <button type="button" className={styles.dot} aria-label={`Show slide ${i + 1} of ${totalDots}`} aria-current={i === Math.floor(current / scroll) ? 'true' : undefined} disabled={disabled} />
  );
  const dotsClass = `slick-dots ${styles.dots}`;

  const slideNodes = slides.map((slide, i) => (
    <div key={i} className={styles.slide} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`}>
      {slide}
    </div>
  ));

  return (
    <div
      ref={frameRef}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      aria-live={announce ? 'polite' : 'off'}
      className={`${styles.frame}${className ? ` ${className}` : ''}`}
      style={breakpointVars(config)}
      data-carousel-ready={mounted ? 'true' : 'false'}
    >
      {mounted ? (
        <Slider
          ref={sliderRef}
          {...sliderSettings(config, view)}
          dots={dots}
          dotsClass={dotsClass}
          customPaging={(i) => dot(i, false)}
          appendDots={(items) => <ul>{items}</ul>}
          beforeChange={(_from, to) => {
            setAnnounce(true);
            setCurrent(((to % count) + count) % count);
          }}
        >
          {slideNodes}
        </Slider>
      ) : (
        <>
          <div className={styles.staticList}>
            <div className={styles.staticTrack}>
              {slideNodes.map((node, i) => (
                <div key={i} className={styles.staticSlide}>
                  {node}
                </div>
              ))}
            </div>
          </div>
          {dots && (
            <ul className={dotsClass}>
              {Array.from({ length: totalDots }, (_, i) => (
                <li key={i} className={i === 0 ? 'slick-active' : undefined}>
                  {dot(i, true)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {paged && (
        <div className={styles.arrows}>
          <button type="button" className={styles.arrow} aria-label={prevLabel} disabled={!mounted} onClick={() => sliderRef.current?.slickPrev()}>
            <ChevronLeft aria-hidden="true" focusable="false" size={22} />
          </button>
          <button type="button" className={styles.arrow} aria-label={nextLabel} disabled={!mounted} onClick={() => sliderRef.current?.slickNext()}>
            <ChevronRight aria-hidden="true" focusable="false" size={22} />
          </button>
        </div>
      )}
    </div>
  );
}
