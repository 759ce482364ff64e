import { LIMITS, type ChatRoom } from '@nardy/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatLine } from './chatLines';
import { showError } from './notices';
import { useServices } from './services';
import { UserLabel } from './UserLabel';
import './RoomChat.css';

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Hours and minutes in `lang`, made when a line first needs it: the first Intl format a page builds loads locale
 * data (tens of milliseconds), which the lobby's first draw, its chat still empty, should not wait for.
 */
function clockFormat(lang: string): Intl.DateTimeFormat {
  let f = clockFormats.get(lang);
  if (!f) clockFormats.set(lang, (f = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' })));
  return f;
}

interface Props {
  readonly room: ChatRoom;
  readonly lines: readonly ChatLine[];
  /** The page's text namespace: its `chat.title`, `chat.empty`, `chat.label`, `chat.placeholder` and `chat.send`. */
  readonly ns: 'lobby' | 'tournaments';
}

/** A chat room of a page: the lobby's, a tournament's (protocol §9). Lines are rendered as text, never as HTML. */
export function RoomChat({ room, lines, ns }: Props) {
  const { t, i18n } = useTranslation(ns);
  const inputId = `${room.kind}-chat-input`;
  const { link } = useServices();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);

  const send = () => {
    const line = text.trim();
    if (line === '') return;
    setSending(true);
    link
      .send({ type: 'chat.send', room, text: line })
      .then(() => setText(''), showError)
      .finally(() => setSending(false));
  };

  return (
    <section className="card room-chat" aria-labelledby={`${room.kind}-chat-title`}>
      <h2 id={`${room.kind}-chat-title`}>{t('chat.title')}</h2>
      <ol className="chat-lines" ref={list} aria-live="polite">
        {lines.length === 0 && <li className="empty">{t('chat.empty')}</li>}
        {lines.map((l) => (
          <li key={l.key}>
            <time className="muted" dateTime={new Date(l.at).toISOString()}>
              {clockFormat(i18n.language).format(l.at)}
            </time>{' '}
            <UserLabel user={l.from} /> <span className="chat-text">{l.text}</span>
          </li>
        ))}
      </ol>
      <form
        className="chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <label className="visually-hidden" htmlFor={inputId}>
          {t('chat.label')}
        </label>
        <input
          id={inputId}
          type="text"
          maxLength={LIMITS.chatLength}
          autoComplete="off"
          placeholder={t('chat.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn" disabled={sending || text.trim() === ''}>
          {t('chat.send')}
        </button>
      </form>
    </section>
  );
}
