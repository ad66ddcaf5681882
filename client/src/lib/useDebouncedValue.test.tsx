import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './useDebouncedValue';

describe('useDebouncedValue', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts with the initial value', () => {
    const { result } = renderHook(() => useDebouncedValue('dizi', 300));

    expect(result.current).toBe('dizi');
  });

  it('takes a new value only after it stayed unchanged for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: '' },
    });

    rerender({ value: 'k' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ value: 'ku' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ value: 'kur' });
    act(() => jest.advanceTimersByTime(299));

    expect(result.current).toBe('');

    act(() => jest.advanceTimersByTime(1));

    expect(result.current).toBe('kur');
  });
});
