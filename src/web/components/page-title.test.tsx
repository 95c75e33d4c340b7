// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DocumentTitle, PageTitle } from './page-title';

const dom = mountReactRootPerTest();

describe('the page title', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta charset="utf-8"><title>Regalo · Valencia</title>';
  });

  const titles = () => [...document.querySelectorAll('title')].map((title) => title.textContent);

  it('names the screen in the document\'s one <title> and gives the previous title back', () => {
    dom.render(<PageTitle parts={['Gifts', 'My Regalo']} />);
    expect(titles()).toEqual(['Gifts · My Regalo · Regalo']);
    expect(document.title).toBe('Gifts · My Regalo · Regalo');

    dom.render(<PageTitle parts={['Orders', 'My Regalo']} />);
    expect(titles()).toEqual(['Orders · My Regalo · Regalo']);

    dom.render(<DocumentTitle title="Privacy · Regalo" />);
    expect(titles()).toEqual(['Privacy · Regalo']);

    act(() => dom.root.render(null));
    expect(titles()).toEqual(['Regalo · Valencia']);
  });
});
