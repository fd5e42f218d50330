//! The graph games of seed 004: Green Hackenbush on rooted graphs, undirected vertex
//! geography, and conjunctive compounds of games on DAGs.
