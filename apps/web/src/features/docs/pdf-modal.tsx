import { useRef } from 'react';
import { Modal } from './modal.tsx';

export const pdfUrl = '/swagger/reference.pdf';

/** SPEC §2: the PDF field reference guide with Open, Download and Print. */
export function PdfModal({ onClose }: { onClose: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const print = () => {
    try {
      frame.current?.contentWindow?.print();
    } catch {
      window.open(pdfUrl, '_blank', 'noopener');
    }
  };
  return (
    <Modal title="API field reference (PDF)" onClose={onClose} wide>
      <p className="docs-muted">
        Every endpoint with its parameters and response fields, generated from the API document.
      </p>
      <div className="docs-modal-actions">
        <a className="docs-button" href={pdfUrl} target="_blank" rel="noopener">
          Open
        </a>
        <a className="docs-button" href={pdfUrl} download="bahi-api-field-reference.pdf">
          Download
        </a>
        <button type="button" className="docs-button" onClick={print}>
          Print
        </button>
      </div>
      <iframe ref={frame} className="docs-pdf-frame" src={pdfUrl} title="PDF field reference" tabIndex={-1} />
    </Modal>
  );
}
