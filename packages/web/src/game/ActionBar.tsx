import { otherSeat } from '@nardy/engine';
import type { ClientToServer, GameView, PlayerAction } from '@nardy/protocol';
import { useState } from 'react';
import { abortOffered, claimable, concessionChoices, concessionCost, concessionName, promptPhrase, type Choice } from './choices';
import { say, type Translate } from './phrase';
import { useServerNow } from './useServerNow';

/** What a `game.claim` asks for: the win, or calling the game off (`abort`). */
export type ClaimKind = Extract<ClientToServer, { type: 'game.claim' }>['claim'];

interface Props {
  readonly view: GameView;
  /** A command is on its way: the buttons wait for its answer. */
  readonly busy: boolean;
  /** Server time now: once the opponent's grace runs out the claim is offered (protocol §5). */
  readonly serverNow: () => number;
  readonly act: (action: PlayerAction) => void;
  readonly claim: (kind: ClaimKind) => void;
  /** The server refused an abort here: the opponent has played at this table, only the win may be claimed. */
  readonly abortRefused: boolean;
  readonly t: Translate;
}

/** The shared button look of a choice's tone. */
export const toneClass = (tone: Choice['tone']): string => (tone === 'primary' ? 'btn btn-primary' : tone === 'danger' ? 'btn btn-danger' : 'btn');

/** A row of choices: the decisions the room shows under the board (roll or double, answer an offer), or ways to give up. */
export function Choices({ choices, busy, act, t }: { readonly choices: readonly Choice[] } & Pick<Props, 'busy' | 'act' | 't'>) {
  return (
    <div className="actions">
      {choices.map((c) => (
        <button
          key={c.action.type + ('level' in c.action ? c.action.level : '')}
          type="button"
          className={toneClass(c.tone)}
          disabled={busy}
          onClick={() => act(c.action)}
        >
          {say(t, c.phrase)}
        </button>
      ))}
    </div>
  );
}

/** The confirmation comes up where the player tapped; on a phone it is scrolled into view if it reaches past the screen. */
const intoView = (el: HTMLElement | null): void => el?.scrollIntoView({ block: 'nearest' });

/**
 * Giving up takes two clicks: open the menu, then choose (what each costs is on its button). A surrender or resigning
 * the match ends the game or the match at once, so it takes a third: a confirmation that says what it costs.
 */
function Concessions({ view, busy, act, t }: Pick<Props, 'view' | 'busy' | 'act' | 't'>) {
  const [asked, setAsked] = useState<PlayerAction['type'] | null>(null);
  const choices = concessionChoices(view);
  if (choices.length === 0) return null;
  // What is asked about is looked up afresh: no longer offered (the game moved on), there is nothing to confirm.
  const pending = choices.find((c) => c.action.type === asked);
  const cost = pending ? concessionCost(view, pending.action.type) : null;
  const choose = (action: PlayerAction) => (concessionCost(view, action.type) ? setAsked(action.type) : act(action));
  return (
    <details className="room-more">
      <summary>{t('actions.more')}</summary>
      {pending && cost ? (
        <div className="room-confirm" role="group" aria-label={t('confirm.title')} ref={intoView}>
          {cost.map((phrase) => (
            <p key={phrase.key}>{say(t, phrase)}</p>
          ))}
          <div className="actions">
            <button
              type="button"
              className={toneClass('danger')}
              disabled={busy}
              onClick={() => {
                setAsked(null);
                act(pending.action);
              }}
            >
              {t(`confirm.yes.${concessionName(view, pending.action.type)}`)}
            </button>
            <button type="button" className={toneClass('plain')} onClick={() => setAsked(null)}>
              {t('confirm.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <Choices choices={choices} busy={busy} act={choose} t={t} />
      )}
    </details>
  );
}

/** The prompt (what the game waits for, what an offer means), the claim when the opponent is gone, and what giving up costs. */
export function ActionBar({ view, busy, serverNow, act, claim, abortRefused, t }: Props) {
  const away = view.you !== null && !view.players[otherSeat(view.you)].online;
  const claimOpen = claimable(view, useServerNow(serverNow, away));
  const abort = claimOpen && !abortRefused && abortOffered(view);
  return (
    <section className="room-actions card" aria-label={t('actions.title')}>
      <p className="room-prompt" aria-live="polite">
        {say(t, promptPhrase(view))}
      </p>
      {claimOpen && (
        <div className="room-claim">
          <p>{t('claim.prompt')}</p>
          <div className="actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => claim('win')}>
              {t('claim.win')}
            </button>
            {abort && (
              <button type="button" className="btn" disabled={busy} onClick={() => claim('abort')}>
                {t('claim.abort')}
              </button>
            )}
          </div>
          {abort && <p className="muted">{t('claim.abortMeans')}</p>}
          {abortRefused && <p className="muted">{t('claim.abortRefused')}</p>}
        </div>
      )}
      {/* A finished game closes the menu: the next one starts with it shut. */}
      <Concessions key={`${view.gameNumber}:${view.games.length}`} view={view} busy={busy} act={act} t={t} />
    </section>
  );
}
