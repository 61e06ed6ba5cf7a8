import { useTitle } from '../use-title.ts';

export const homeTitle = 'Bahi | Financial Data API for NSE and BSE Listed Companies';

export function HomePage() {
  useTitle(homeTitle);
  return <h1>Financial data API for Indian listed companies</h1>;
}
