import { Button, Input, Tag } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { Icon } from '../../../shared/ui/Icon';
import { PROJECT_TAG_MAX, PROJECT_TAGS_MAX, projectsTexts } from '../projects.texts';
import { addTag } from '../tags';
import '../../../shared/ui/tag-list.css';

const t = projectsTexts.form;

export interface TagInputProps {
  /** Set by Form.Item, so that its label names the text box. */
  id?: string;
  value?: string[];
  onChange?: (tags: string[]) => void;
  /** The field's name without '(optional)', e.g. 'Required Skills'. */
  name: string;
  placeholder?: string;
}

/**
 * Tag entry as the prototype has it (spec §2, §5): type, then Add or Enter. A tag is trimmed, an empty
 * one ignored and a duplicate (ignoring case) not added; each tag can be removed with its own button.
 * What happened is announced, since nothing else moves on screen for a refused tag.
 */
export function TagInput({ id, value = [], onChange, name, placeholder }: TagInputProps) {
  const [text, setText] = useState('');
  const [note, setNote] = useState('');

  const add = () => {
    const result = addTag(value, text, PROJECT_TAGS_MAX);
    switch (result.outcome) {
      case 'added':
        onChange?.(result.tags);
        setText('');
        setNote(t.tagAdded(result.tag));
        return;
      case 'empty':
        setText('');
        setNote('');
        return;
      case 'duplicate':
        setText('');
        setNote(t.tagAlreadyAdded(result.tag));
        return;
      case 'full':
        setNote(t.tagsFull(PROJECT_TAGS_MAX));
        return;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault(); // Enter adds the tag; it does not submit the form
    add();
  };

  const remove = (tag: string) => {
    onChange?.(value.filter((existing) => existing !== tag));
    setNote(t.tagRemoved(tag));
  };

  return (
    <div className="pj-tag-input">
      <div className="pj-tag-input__row">
        <Input
          id={id}
          value={text}
          placeholder={placeholder}
          maxLength={PROJECT_TAG_MAX}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button onClick={add} aria-label={t.addLabel(name)}>
          {t.add}
        </Button>
      </div>
      <p className="pj-visually-hidden" aria-live="polite">
        {note}
      </p>
      {value.length > 0 && (
        <ul className="pj-tags pj-tag-input__tags" aria-label={name}>
          {value.map((tag) => (
            <li key={tag}>
              <Tag className="pj-tag-input__tag">
                <span>{tag}</span>
                <button
                  type="button"
                  className="pj-tag-input__remove"
                  aria-label={t.removeTag(tag)}
                  onClick={() => remove(tag)}
                >
                  <Icon name="close" size={12} />
                </button>
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
