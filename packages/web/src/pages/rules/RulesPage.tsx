import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../router';
import {
  PAGE_GROUPS,
  RULES_VARIANTS,
  citationKey,
  firstCitations,
  readGroup,
  sectionAnchor,
  type RulesGroup,
  type RulesGroupId,
  type RulesVariant,
} from './rulesDoc';
import { StartDiagram } from './StartDiagram';
import './rules.css';

/**
 * `/rules/:variant`: the rules of one variant for players, in the reader's language, with the rule book's ids
 * (docs/rules.md) as small tags and anchors (`#L9`). All text comes from the `rules` namespace and is rendered as text.
 */
export function RulesPage({ variant }: { readonly variant: RulesVariant }) {
  const { t } = useTranslation('rules');
  const groups = PAGE_GROUPS[variant].flatMap((gid) => {
    const group = readGroup(t(`doc.${gid}`, { returnObjects: true }));
    return group ? [[gid, group] as const] : [];
  });
  const anchored = firstCitations(groups);
  const variantName = t(`common:variant.${variant}`);

  // The page is drawn after the browser looked for the address's #anchor (`/rules/long#L16`): go there now.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id !== '') document.getElementById(id)?.scrollIntoView();
  }, [variant]);

  return (
    <article className="rules">
      <nav className="rules-variants" aria-label={t('otherVariants')}>
        {RULES_VARIANTS.map((v) => (
          <a key={v} href={paths.rules(v)} aria-current={v === variant ? 'page' : undefined}>
            {t(`common:variant.${v}`)}
          </a>
        ))}
      </nav>
      <h1>{t('pageTitle', { variant: variantName })}</h1>
      <p className="rules-hint">{t('citeHint')}</p>
      <StartDiagram variant={variant} />
      {/* In-page links are left to the browser, which scrolls; the app's router would only change the address. */}
      <nav className="rules-contents" aria-label={t('contents')} onClick={(e) => e.stopPropagation()}>
        <h2>{t('contents')}</h2>
        <ol>
          {groups.map(([gid, group]) => (
            <li key={gid}>
              {group.heading}
              <ol>
                {group.sections.map((s) => (
                  <li key={s.id}>
                    <a href={`#${sectionAnchor(gid, s.id)}`}>{s.title}</a>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </nav>
      {groups.map(([gid, group]) => (
        <GroupView key={gid} id={gid} group={group} anchored={anchored} tagLabel={(id) => t('ruleTag', { id })} />
      ))}
    </article>
  );
}

interface GroupViewProps {
  readonly id: RulesGroupId;
  readonly group: RulesGroup;
  readonly anchored: ReadonlySet<string>;
  readonly tagLabel: (id: string) => string;
}

function GroupView({ id, group, anchored, tagLabel }: GroupViewProps) {
  return (
    <section className="rules-group" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{group.heading}</h2>
      <p className="rules-intro">{group.intro}</p>
      {group.sections.map((section, si) => (
        <section key={section.id} id={sectionAnchor(id, section.id)} className="rules-section">
          <h3>{section.title}</h3>
          {section.blocks.map((block, bi) => (
            <div key={bi} className="rules-block">
              <p>
                {block.rules.map((rule) => (
                  <span key={rule} id={anchored.has(citationKey(id, si, bi, rule)) ? rule : undefined} className="rules-tag" title={tagLabel(rule)}>
                    {rule}
                  </span>
                ))}
                {block.text}
              </p>
              {block.list.length > 0 && (
                <ul>
                  {block.list.map((item, i) => (
                    <li key={i}>{item}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </section>
      ))}
    </section>
  );
}
