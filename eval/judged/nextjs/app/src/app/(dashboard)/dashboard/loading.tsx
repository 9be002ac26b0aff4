export default function Loading() {
  return <div className="h-32 animate-pulse rounded-lg bg-muted" />;
}
