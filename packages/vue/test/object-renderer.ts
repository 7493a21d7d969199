/**
 * A Vue renderer onto plain objects, so the tests can mount and unmount apps in Node (the plugin's
 * browser branch) without a DOM library. Only what a text-rendering component needs.
 */
import { createRenderer } from 'vue'

export interface TestNode {
  tag: string
  text: string
  children: TestNode[]
  parent: TestNode | null
}

const node = (tag: string, text = ''): TestNode => ({ tag, text, children: [], parent: null })

export const { createApp: createTestApp } = createRenderer<TestNode, TestNode>({
  createElement: (tag) => node(tag),
  createText: (text) => node('#text', text),
  createComment: (text) => node('#comment', text),
  setText: (target, text) => {
    target.text = text
  },
  setElementText: (target, text) => {
    target.children = [node('#text', text)]
  },
  insert(child, parent, anchor) {
    child.parent = parent
    const at = anchor ? parent.children.indexOf(anchor) : -1
    if (at === -1) parent.children.push(child)
    else parent.children.splice(at, 0, child)
  },
  remove(child) {
    if (child.parent) child.parent.children.splice(child.parent.children.indexOf(child), 1)
    child.parent = null
  },
  parentNode: (child) => child.parent,
  nextSibling: (child) => {
    const siblings = child.parent?.children ?? []
    return siblings[siblings.indexOf(child) + 1] ?? null
  },
  patchProp: () => {},
})

export const testRoot = () => node('root')

/** The text a rendered tree shows. */
export const textOf = (root: TestNode): string =>
  root.tag === '#text' ? root.text : root.children.map(textOf).join('')
