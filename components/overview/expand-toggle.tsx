import styles from './overview.module.css';

type ExpandToggleProps = {
  open: boolean;
  /** The id of the panel it shows (named by aria-controls while the panel is there). */
  controls: string;
  label: string;
  onClick: () => void;
};

/** The +/− button that opens and closes a row's panel (an advisor's households, a household's documents). */
export function ExpandToggle({ open, controls, label, onClick }: ExpandToggleProps) {
  return (
    <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={open ? controls : undefined} aria-label={label} onClick={onClick}>
      <span aria-hidden="true">{open ? '−' : '+'}</span>
    </button>
  );
}
