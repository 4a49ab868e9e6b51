const units = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Prototype spec §9: file sizes in Bytes, KB, MB and GB; decimal, as the server's limits (50 MB = 50,000,000 bytes). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0);
  return `${rounded} ${units[unit]}`;
}
