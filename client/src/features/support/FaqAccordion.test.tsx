import { fireEvent, render, screen } from '@testing-library/react';
import { FaqAccordion } from './FaqAccordion';

const entries = [
  { id: 'bir', question: 'Birinci soru?', answer: 'Birinci cevap.' },
  { id: 'iki', question: 'İkinci soru?', answer: 'İkinci cevap.' },
  { id: 'uc', question: 'Üçüncü soru?', answer: 'Üçüncü cevap.' },
];

const question = (name: string) => screen.getByRole('button', { name });
const answerOf = (name: string) => document.getElementById(question(name).getAttribute('aria-controls')!)!;

describe('FaqAccordion', () => {
  beforeEach(() => {
    render(<FaqAccordion entries={entries} />);
  });

  it('starts with every answer closed, each question naming its answer', () => {
    for (const entry of entries) {
      expect(question(entry.question).getAttribute('aria-expanded')).toBe('false');
      expect(answerOf(entry.question).hidden).toBe(true);
      expect(answerOf(entry.question).textContent).toBe(entry.answer);
    }
  });

  it('opening one answer closes the other', () => {
    fireEvent.click(question('Birinci soru?'));

    expect(question('Birinci soru?').getAttribute('aria-expanded')).toBe('true');
    expect(answerOf('Birinci soru?').hidden).toBe(false);

    fireEvent.click(question('İkinci soru?'));

    expect(question('İkinci soru?').getAttribute('aria-expanded')).toBe('true');
    expect(answerOf('İkinci soru?').hidden).toBe(false);
    expect(question('Birinci soru?').getAttribute('aria-expanded')).toBe('false');
    expect(answerOf('Birinci soru?').hidden).toBe(true);
  });

  it('closes an open answer when its question is pressed again', () => {
    fireEvent.click(question('Üçüncü soru?'));
    fireEvent.click(question('Üçüncü soru?'));

    expect(answerOf('Üçüncü soru?').hidden).toBe(true);
  });

  it('moves between questions with the arrow keys, Home and End', () => {
    question('Birinci soru?').focus();

    fireEvent.keyDown(question('Birinci soru?'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(question('İkinci soru?'));
    fireEvent.keyDown(question('İkinci soru?'), { key: 'End' });
    expect(document.activeElement).toBe(question('Üçüncü soru?'));
    fireEvent.keyDown(question('Üçüncü soru?'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(question('Birinci soru?'));
    fireEvent.keyDown(question('Birinci soru?'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(question('Üçüncü soru?'));
  });
});
