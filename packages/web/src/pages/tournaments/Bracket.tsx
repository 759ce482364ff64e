import type { TournamentPairing, UserRef } from '@nardy/protocol';
import { useTranslation } from 'react-i18next';
import { paths } from '../../router';
import type { BracketLayout, BracketRound } from './bracket';

type Names = (userId: string) => UserRef;

/** A knockout's bracket: the main bracket's rounds as columns, then the consolation bracket and the match for third. */
export function Bracket({ layout, names, me }: { readonly layout: BracketLayout; readonly names: Names; readonly me: string | null }) {
  const { t } = useTranslation('tournaments');
  return (
    <div className="bracket-area">
      <Rounds label={t('bracket.main')} rounds={layout.main} names={names} me={me} />
      {layout.consolation.length > 0 && <Rounds label={t('bracket.consolation')} rounds={layout.consolation} names={names} me={me} />}
      {layout.third && (
        <div className="bracket-third">
          <h3>{t('bracket.third')}</h3>
          <Match pairing={layout.third} names={names} me={me} />
        </div>
      )}
    </div>
  );
}

/** "Final", "Semifinal", "Quarterfinal", else "Round n", counted from the last round. */
const roundKey = (round: number, last: number): { key: string; params: Record<string, number> } => {
  const fromEnd = last - round;
  return fromEnd <= 2
    ? { key: ['bracket.final', 'bracket.semifinal', 'bracket.quarterfinal'][fromEnd]!, params: {} }
    : { key: 'bracket.round', params: { n: round } };
};

function Rounds({
  label,
  rounds,
  names,
  me,
}: {
  readonly label: string;
  readonly rounds: readonly BracketRound[];
  readonly names: Names;
  readonly me: string | null;
}) {
  const { t } = useTranslation('tournaments');
  const last = rounds.length;
  return (
    <section className="bracket-block" aria-label={label}>
      <h3>{label}</h3>
      {/* Scrolls sideways on a phone rather than squeezing the names. */}
      <div className="bracket-scroll">
        <div className="bracket" style={{ gridTemplateColumns: `repeat(${last}, minmax(10.5rem, 1fr))` }}>
          {rounds.map((r) => {
            const name = roundKey(r.round, last);
            return (
              <div key={r.round} className="bracket-round">
                <h4>{t(name.key, name.params)}</h4>
                <ol className="bracket-matches">
                  {r.cells.map((c) => (
                    <li key={c.slot} className="bracket-cell">
                      {c.pairing ? (
                        <Match pairing={c.pairing} names={names} me={me} />
                      ) : (
                        <div className="bracket-match bracket-match--later">{t('bracket.later')}</div>
                      )}
                    </li>
                  ))}
                </ol>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

/** One match: two lines (the winner marked), the points once played (none for a bye or a match conceded before any), a link to the game while it runs. */
function Match({ pairing, names, me }: { readonly pairing: TournamentPairing; readonly names: Names; readonly me: string | null }) {
  const { t } = useTranslation('tournaments');
  const r = pairing.result;
  const line = (side: 'a' | 'b') => {
    const id = side === 'a' ? pairing.a : pairing.b;
    const won = r !== null && r.winner === side;
    const cls = `bracket-player${won ? ' is-winner' : ''}${r !== null && !won && r.winner !== 'draw' ? ' is-loser' : ''}${id !== null && id === me ? ' is-me' : ''}`;
    if (id === null)
      return (
        <div className={`${cls} is-bye`}>
          <span>{t('bracket.bye')}</span>
        </div>
      );
    return (
      <div className={cls}>
        <span className="bracket-name">{names(id).name}</span>
        {r !== null && r.scoreA + r.scoreB > 0 && <span className="bracket-score">{side === 'a' ? r.scoreA : r.scoreB}</span>}
      </div>
    );
  };
  return (
    <div className="bracket-match" data-pairing={pairing.pairingId}>
      {line('a')}
      {line('b')}
      {r === null && pairing.gameId !== null && (
        <a className="bracket-watch" href={paths.game(pairing.gameId)}>
          {t(me !== null && (pairing.a === me || pairing.b === me) ? 'yourMatch.play' : 'watch')}
        </a>
      )}
      {r?.forfeit && <span className="bracket-note">{t('forfeit')}</span>}
    </div>
  );
}
