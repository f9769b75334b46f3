import { StatCard, type StatCardProps } from './StatCard';

/** The tones of a row of stat cards, in the order every screen gives them. */
const TONES = ['indigo', 'green', 'amber', 'pink'] as const;

/** A row of headline figures (three or four), toned in turn. */
export function StatGrid({ stats }: { stats: Omit<StatCardProps, 'tone'>[] }) {
  return (
    <div className={`card-grid card-grid--${stats.length}`}>
      {stats.map((stat, index) => (
        <StatCard key={stat.label} {...stat} tone={TONES[index % TONES.length]} />
      ))}
    </div>
  );
}
