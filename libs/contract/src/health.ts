export interface Health {
  status: 'ok' | 'error';
  db: 'up' | 'down';
}
