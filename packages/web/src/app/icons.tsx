/** Small line icons (decorative: their buttons carry translated labels). */
export function CloseIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <path d="M2 2 12 12M12 2 2 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
