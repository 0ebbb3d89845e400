import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A vitest sequencer that starts the files of `first` before the others, in that order, so that the
 * workers finish together on the many short files instead of one waiting while another finishes a
 * long one. Left to itself vitest starts the files it has no timings for (every file, in CI's fresh
 * clone) largest first. Projects still run in their `sequence.groupOrder`; a file that moves just
 * loses its place in `first`.
 */
export function longestFirst(first: readonly string[]): typeof BaseSequencer {
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (spec: TestSpecification) => {
        const at = first.indexOf(path.relative(spec.project.config.root, spec.moduleId));
        return at === -1 ? first.length : at;
      };
      // Array.prototype.sort is stable: the group order and vitest's order otherwise stay as they were.
      return sorted.sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b));
    }
  };
}
