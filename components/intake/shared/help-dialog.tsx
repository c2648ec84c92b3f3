'use client';

import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import styles from './help-dialog.module.css';

type Props = {
  /** The dialog's title; the button is named 'Help: <title>'. */
  title: string;
  children: ReactNode;
};

/** A '?' button beside a section's heading that explains the section in a dialog. */
export function HelpButton({ title, children }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.help} onClick={() => setOpen(true)}>
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">Help: {title}</span>
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={title}
        size="md"
        // One way out, named Close (the × would be a second button of the same name).
        hideClose
        footer={
          <Button data-autofocus="" onClick={() => setOpen(false)}>
            Close
          </Button>
        }
      >
        <div className={styles.body}>{children}</div>
      </Modal>
    </>
  );
}
