/**
 * react-slick 0.31 ships no types. Only what src/kit/carousel.tsx uses is declared; import it through
 * interopDefault (see interop-default.ts).
 */
declare module 'react-slick' {
  import type { Component, CSSProperties, ReactElement, ReactNode } from 'react';

  export interface SliderSettings {
    accessibility?: boolean;
    arrows?: boolean;
    dots?: boolean;
    dotsClass?: string;
    draggable?: boolean;
    infinite?: boolean;
    speed?: number;
    slidesToShow?: number;
    slidesToScroll?: number;
    swipe?: boolean;
    autoplay?: boolean;
    pauseOnHover?: boolean;
    className?: string;
    style?: CSSProperties;
    customPaging?: (index: number) => ReactElement;
    appendDots?: (dots: ReactNode) => ReactElement;
    beforeChange?: (current: number, next: number) => void;
    afterChange?: (current: number) => void;
    onInit?: () => void;
    onReInit?: () => void;
    children?: ReactNode;
  }

  export default class Slider extends Component<SliderSettings> {
    slickNext(): void;
    slickPrev(): void;
    slickGoTo(slide: number, dontAnimate?: boolean): void;
  }
}
