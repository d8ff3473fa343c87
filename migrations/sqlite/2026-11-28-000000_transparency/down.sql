DROP TABLE log_state;
DROP TABLE tree_heads;
DROP TABLE log_nodes;
DROP TABLE log_leaves;
DROP TABLE log_queue;
DROP TABLE signing_keys;
