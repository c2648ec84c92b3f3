// Stands in for the 'server-only' marker under Jest (Next's build enforces it; tests import server modules directly).
