import { drawIllustration } from '@bof/api/content-illustration';
import type { Art } from '@bof/api/content';

/**
 * A story's illustration, drawn inline as SVG from its art (no image file to fetch). With `alt` it is
 * an image with that name; without, decorative and hidden from assistive technology.
 */
export function Illustration({
  art,
  alt,
  ratio = 'wide',
  className = '',
}: {
  art: Art;
  alt?: string;
  ratio?: 'wide' | 'square';
  className?: string;
}) {
  const [w, h] = ratio === 'wide' ? [1200, 675] : [600, 600];
  const drawing = drawIllustration(art, w, h);
  const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      preserveAspectRatio="xMidYMid slice"
      className={`block h-auto w-full ${className}`}
      {...label}
    >
      <rect width={w} height={h} fill={drawing.background} />
      {drawing.shapes.map((shape, index) => {
        switch (shape.kind) {
          case 'rect':
            return (
              <rect
                key={index}
                x={shape.x}
                y={shape.y}
                width={shape.width}
                height={shape.height}
                fill={shape.fill}
                transform={
                  shape.rotate
                    ? `rotate(${shape.rotate} ${shape.x + shape.width / 2} ${shape.y + shape.height / 2})`
                    : undefined
                }
              />
            );
          case 'circle':
            return <circle key={index} cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} />;
          case 'path':
            return (
              <path
                key={index}
                d={shape.d}
                fill={shape.fill}
                stroke={shape.stroke}
                strokeWidth={shape.strokeWidth}
                strokeLinecap="round"
              />
            );
        }
      })}
    </svg>
  );
}
