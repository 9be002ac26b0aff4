import { WeightPipe } from './weight.pipe';

describe('WeightPipe', () => {
  const pipe = new WeightPipe();
  it('formats tonnes', () => expect(pipe.transform(2500)).toBe('2.5 t'));
  it('formats kilos', () => expect(pipe.transform(12)).toBe('12 kg'));
  it('handles null', () => expect(pipe.transform(null)).toBe('—'));
});
