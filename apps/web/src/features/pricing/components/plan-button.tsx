import { buttonLoadingMs } from '@bahi/contracts/site';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlanAction } from '../plan-action.ts';

/** A pricing card's button: reads 'Loading...' for 1.5 s after a click, then navigates. */
export function PlanButton({ action, planName }: { action: PlanAction; planName: string }) {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const to = action.to;
  const onClick = () => {
    if (!to || loading) return;
    setLoading(true);
    timer.current = setTimeout(() => navigate(to), buttonLoadingMs);
  };
  return (
    <button
      type="button"
      className="button plan-button"
      disabled={!to}
      aria-disabled={loading || undefined}
      aria-label={loading ? undefined : `${action.label}: ${planName} plan`}
      onClick={onClick}
    >
      {loading ? 'Loading...' : action.label}
    </button>
  );
}
