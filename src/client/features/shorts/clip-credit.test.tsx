// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Creator } from '../../../shared/profiles/creator';
import { mountPerTest } from '../../test-support/mount';
import { ClipCredit } from './clip-credit';

const view = mountPerTest();
const person = (username: string): Creator => ({ id: `id-${username}`, username, displayName: username, avatarUrl: null, verificationType: 'none' });
const clipOf = { id: '7d1c1a52-0000-4000-8000-000000000001', title: 'Finals night' };

function render(video: Parameters<typeof ClipCredit>[0]['video']) {
  act(() =>
    view.root.render(
      <MemoryRouter>
        <ClipCredit video={video} />
      </MemoryRouter>,
    ),
  );
  return [...view.host.querySelectorAll('a')].map((a) => ({ text: a.textContent, href: a.getAttribute('href') }));
}

describe('ClipCredit', () => {
  it('credits the viewer who clipped a creator’s stream, linking to their profile', () => {
    expect(render({ clipOf, creator: person('streamer'), clippedBy: person('fan') })).toEqual([
      { text: ' Clipped from Finals night', href: expect.stringContaining(clipOf.id) },
      { text: 'Clipped by @fan', href: '/profile/fan' },
    ]);
  });

  it('names nobody when the creator clipped their own stream, and shows nothing for a short that is no clip', () => {
    expect(render({ clipOf, creator: person('streamer'), clippedBy: person('streamer') }).map((l) => l.text)).toEqual([' Clipped from Finals night']);
    expect(render({ clipOf: null, creator: person('streamer'), clippedBy: null })).toEqual([]);
  });
});
