import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import CountUpModule from 'react-countup';
import type { CounterItem, CountersProps } from '../../src/generated/block-props';
import { interopDefault } from '../../src/kit/interop-default';
import styles from './counters.module.css';
import { Section } from '../../src/kit/section';

const CountUp = interopDefault(CountUpModule);

const decimalsOf = (value: number) => (String(value).split('.')[1] ?? '').length;

/** "1,000+" from 1000 — the one formatter for the static HTML and every animation frame, so they match. */
export function formatCounter(value: number, { prefix = '', suffix = '', decimals = 0, separator }: { prefix?: string; suffix?: string; decimals?: number; separator: string }): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = separator ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator) : whole;
  return `${value < 0 ? '-' : ''}${prefix}${grouped}${fraction ? `.${fraction}` : ''}${suffix}`;
}

/**
 * Where the count is, on the list as `data-counting`, so a test can wait for it rather than for a time:
 * "waiting" (the static HTML), "watching" (counts once scrolled into view), "still" (never counts: reduced
 * motion), "running", "done".
 */
type CountPhase = 'waiting' | 'watching' | 'still' | 'running' | 'done';

export default function Counters({ heading, intro, items, separator }: CountersProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [phase, setPhase] = useState<CountPhase>('waiting');
  const ended = useRef(0);
  const onEnd = useCallback(() => {
    ended.current += 1;
    if (ended.current >= items.length) setPhase('done');
  }, [items.length]);

  // Watch once; never start for visitors who ask for reduced motion (the final values simply stay).
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (typeof IntersectionObserver === 'undefined' || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      setPhase('still');
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setPhase('running');
          observer.disconnect();
        }
      },
      { threshold: 0.3 },
    );
    observer.observe(list);
    setPhase('watching');
    return () => observer.disconnect();
  }, []);
  const inView = phase === 'running' || phase === 'done';

  return (
    <Section tone="tint" heading={heading} intro={intro} align="start">
      <ul ref={listRef} className={styles.list} data-count={items.length} data-counting={phase}>
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`} className={styles.card}>
            <Counter item={item} separator={separator} run={inView} onEnd={onEnd} />
            <p className={styles.label}>{item.label}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Counter({ item, separator, run, onEnd }: { item: CounterItem; separator: string; run: boolean; onEnd: () => void }) {
  const decimals = decimalsOf(item.value);
  const finalText = formatCounter(item.value, { prefix: item.prefix, suffix: item.suffix, decimals, separator });

  // countup.js prints its start value as soon as its instance is created on mount; until the count has
  // started we print the final value instead, so the number in the static HTML stays put.
  const started = useRef(false);
  const { value, prefix, suffix } = item;
  const formattingFn = useCallback((n: number) => formatCounter(started.current ? n : value, { prefix, suffix, decimals, separator }), [value, prefix, suffix, decimals, separator]);

  return (
    <p className={styles.value}>
      {/* Screen readers read the final value once; the moving digits are hidden from them. */}
      <span className="visually-hidden">{finalText}</span>
      <span className={styles.stack} aria-hidden="true">
        {/* An invisible copy of the final text reserves its width, so nothing moves while counting. */}
        <span className={styles.ghost}>{finalText}</span>
        <CountUp
          start={0}
          end={item.value}
          duration={item.duration}
          decimals={decimals}
          separator={separator}
          prefix={item.prefix ?? ''}
          suffix={item.suffix ?? ''}
          formattingFn={formattingFn} // overrides countup's own formatting; the props above keep the intent readable
          startOnMount={false}
          onEnd={onEnd}
        >
          {({ countUpRef, start }) => <AnimatedNumber countUpRef={countUpRef} text={finalText} run={run} started={started} start={start} />}
        </CountUp>
      </span>
    </p>
  );
}

interface AnimatedNumberProps {
  countUpRef: RefObject<HTMLElement>;
  text: string;
  run: boolean;
  started: RefObject<boolean>;
  start: () => void;
}

/** The element countup.js writes into; starts the count (once) when `run` turns true. */
function AnimatedNumber({ countUpRef, text, run, started, start }: AnimatedNumberProps) {
  useEffect(() => {
    if (run && !started.current) {
      started.current = true;
      start();
    }
  }, [run, started, start]);
  return (
    <span ref={countUpRef as RefObject<HTMLSpanElement>} className={styles.live} data-counter="">
      {text}
    </span>
  );
}
