"""The graph stage: references resolved to edges, card identity, rulings and wiki pages linked to rules."""
