import type { ComponentPropsWithoutRef } from 'react';
import { cx } from './class-names';
import styles from './card.module.css';

/** A dashboard section's frame: a bordered surface, its title (an h2, named by aria-labelledby) tight above its content. */
export function Card({ className, ...rest }: ComponentPropsWithoutRef<'section'>) {
  return <section {...rest} className={cx(styles.card, className)} />;
}
