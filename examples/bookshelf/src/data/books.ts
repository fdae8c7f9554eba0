// The catalogue is static data so the example behaves the same everywhere.
import type { Book } from '../generated/types.gen.js';

export const BOOKS: Book[] = [
  {
    isbn: '9780141439518',
    title: 'Pride and Prejudice',
    author: 'Jane Austen',
    year: 1813,
    tags: ['classic', 'romance'],
  },
  {
    isbn: '9780141439662',
    title: 'Sense and Sensibility',
    author: 'Jane Austen',
    year: 1811,
    tags: ['classic', 'romance'],
  },
  { isbn: '9780553293357', title: 'Foundation', author: 'Isaac Asimov', year: 1951, tags: ['science fiction'] },
  {
    isbn: '9780553382563',
    title: 'I, Robot',
    author: 'Isaac Asimov',
    year: 1950,
    tags: ['science fiction', 'stories'],
  },
  { isbn: '9780441172719', title: 'Dune', author: 'Frank Herbert', year: 1965, tags: ['science fiction', 'classic'] },
];

export const byIsbn = (isbn: string): Book | undefined => BOOKS.find((b) => b.isbn === isbn);

export const byAuthor = (author: string): Book[] =>
  BOOKS.filter((b) => b.author.toLowerCase() === author.toLowerCase());
