import { LIMITS } from '@nardy/protocol';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Translate } from './phrase';
import type { ChatLine } from './roomState';

type Room = ChatLine['room'];

interface Props {
  readonly lines: readonly ChatLine[];
  /** Players write at the table; spectators read it and write in their own room (protocol §9). */
  readonly spectator: boolean;
  /** Sends a line; resolves true when the server took it. */
  readonly send: (room: Room, text: string) => Promise<boolean>;
  readonly t: Translate;
}

function ChatLog({ lines, t }: { readonly lines: readonly ChatLine[]; readonly t: Translate }) {
  const log = useRef<HTMLOListElement>(null);
  const newest = lines[lines.length - 1];
  // A new line comes into view (the log scrolls, the page does not).
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [newest]);
  if (lines.length === 0) return <p className="empty">{t('chat.empty')}</p>;
  return (
    <ol className="chat-log" aria-live="polite" ref={log}>
      {lines.map((l, i) => (
        <li key={`${l.at}:${i}`} className="chat-line">
          <span className="chat-from">{l.from.name}</span> <span className="chat-text">{l.text}</span>
        </li>
      ))}
    </ol>
  );
}

function ChatForm({ room, send, t }: { readonly room: Room } & Pick<Props, 'send' | 't'>) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const blank = text.trim().length === 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blank || sending) return;
    setSending(true);
    void send(room, text).then((sent) => {
      setSending(false);
      if (sent) setText('');
    });
  };
  return (
    <form className="chat-form" onSubmit={submit}>
      <input
        className="chat-input"
        type="text"
        value={text}
        maxLength={LIMITS.chatLength}
        aria-label={t('chat.message')}
        placeholder={t('chat.message')}
        onChange={(e) => setText(e.target.value)}
      />
      <span className="chat-counter" aria-hidden="true">
        {t('chat.counter', { used: text.length, max: LIMITS.chatLength })}
      </span>
      <button type="submit" className="btn btn-small" disabled={blank || sending}>
        {t('chat.send')}
      </button>
    </form>
  );
}

/** The table chat, and for spectators also their own; every line is plain text. */
export function ChatPanel({ lines, spectator, send, t }: Props) {
  const rooms: readonly Room[] = spectator ? ['table', 'spectators'] : ['table'];
  return (
    <div className="chat">
      {rooms.map((room) => (
        <section key={room} className="chat-room" aria-label={t(`chat.${room}`)}>
          <h3 className="chat-title">{t(`chat.${room}`)}</h3>
          <ChatLog lines={lines.filter((l) => l.room === room)} t={t} />
          {spectator && room === 'table' ? <p className="chat-note">{t('chat.readOnly')}</p> : <ChatForm room={room} send={send} t={t} />}
        </section>
      ))}
    </div>
  );
}
