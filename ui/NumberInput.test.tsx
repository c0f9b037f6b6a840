// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { NumberInput } from './NumberInput';

afterEach(cleanup);

function Host({ onValue }: { onValue: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <NumberInput
      id="n"
      value={value}
      onChange={(next) => {
        onValue(next);
        setValue(next);
      }}
    />
  );
}

describe('NumberInput', () => {
  it.each([
    ['-0.1275', -0.1275],
    ['0.05', 0.05],
    ['1.50', 1.5],
    ['42', 42],
  ])('keeps "%s" as typed and emits %d', async (typed, expected) => {
    const values: (number | null)[] = [];
    render(<Host onValue={(value) => values.push(value)} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await userEvent.setup().type(input, typed);
    expect(input.value).toBe(typed);
    expect(values.at(-1)).toBe(expected);
  });
});
