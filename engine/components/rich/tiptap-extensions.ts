import { Extension, Mark, Node, mergeAttributes } from '@tiptap/core';

// Small TipTap extensions for toolbar choices that have no installed package: sub- and superscript
// marks, text alignment as a paragraph and heading attribute, and a video node for `media`.

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    octavoScript: {
      toggleSubscript: () => ReturnType;
      toggleSuperscript: () => ReturnType;
    };
    octavoAlign: {
      setTextAlign: (align: 'left' | 'center' | 'right' | 'justify') => ReturnType;
      unsetTextAlign: () => ReturnType;
    };
    octavoVideo: {
      setVideo: (attrs: { src: string }) => ReturnType;
    };
  }
}

export const Subscript = Mark.create({
  name: 'subscript',
  excludes: 'superscript',
  parseHTML: () => [{ tag: 'sub' }],
  renderHTML: ({ HTMLAttributes }) => ['sub', mergeAttributes(HTMLAttributes), 0],
  addCommands() {
    return {
      toggleSubscript:
        () =>
        ({ commands }) =>
          commands.toggleMark(this.name),
    };
  },
  addKeyboardShortcuts() {
    return { 'Mod-,': () => this.editor.commands.toggleSubscript() };
  },
});

export const Superscript = Mark.create({
  name: 'superscript',
  excludes: 'subscript',
  parseHTML: () => [{ tag: 'sup' }],
  renderHTML: ({ HTMLAttributes }) => ['sup', mergeAttributes(HTMLAttributes), 0],
  addCommands() {
    return {
      toggleSuperscript:
        () =>
        ({ commands }) =>
          commands.toggleMark(this.name),
    };
  },
  addKeyboardShortcuts() {
    return { 'Mod-.': () => this.editor.commands.toggleSuperscript() };
  },
});

const ALIGNABLE = ['paragraph', 'heading'];
const ALIGNMENTS = ['left', 'center', 'right', 'justify'];

export const TextAlign = Extension.create({
  name: 'textAlign',
  addGlobalAttributes() {
    return [
      {
        types: ALIGNABLE,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element) => {
              const align = element.style.textAlign;
              return ALIGNMENTS.includes(align) ? align : null;
            },
            renderHTML: (attributes) =>
              attributes.textAlign ? { style: `text-align: ${attributes.textAlign}` } : {},
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      setTextAlign:
        (align) =>
        ({ commands }) =>
          ALIGNABLE.map((type) => commands.updateAttributes(type, { textAlign: align })).some(Boolean),
      unsetTextAlign:
        () =>
        ({ commands }) =>
          ALIGNABLE.map((type) => commands.resetAttributes(type, 'textAlign')).some(Boolean),
    };
  },
});

export const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML: () => [{ tag: 'video[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['video', mergeAttributes(HTMLAttributes, { controls: 'controls' })],
  addCommands() {
    return {
      setVideo:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});
