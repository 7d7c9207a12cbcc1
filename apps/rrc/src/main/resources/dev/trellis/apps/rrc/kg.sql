-- The bundled knowledge graph: operators, leases, wells (Texas RRC, fictional), the entity index
-- every resolve reads and the links between entities, seeded into the tables of RRC's schema
-- (trellis-schema/rrc) in the server's database (SQLite or PostgreSQL: this file is the dialects'
-- common subset). Every statement is idempotent: the app runs it on each start; rows already there
-- (and entities users created or changed) stay as they are. Coordinates are feet on a local survey
-- grid; a lease is a rectangle.
INSERT INTO rrc_kg_operators VALUES
 ('op-permian-energy', 'Permian Basin Energy LLC', '652841'),
 ('op-redfork', 'Red Fork Resources Inc', '701522'),
 ('op-caprock', 'Caprock Midstream Partners LP', '130977')
ON CONFLICT DO NOTHING;

INSERT INTO rrc_kg_leases VALUES
 ('lease-mitchell-ranch', 'Mitchell Ranch Lease', 'op-permian-energy', 'Midland', '08', 'Spraberry (Trend Area)', 640,
   0, 0, 5280, 5280),
 ('lease-hutto-state', 'Hutto State Lease', 'op-redfork', 'Midland', '08', 'Spraberry (Trend Area)', 320,
   5280, 0, 7920, 5280),
 ('lease-coyote-draw', 'Coyote Draw Lease', 'op-caprock', 'Reeves', '08', 'Phantom (Wolfcamp)', 480,
   20000, 0, 24000, 5280)
ON CONFLICT DO NOTHING;

INSERT INTO rrc_kg_wells VALUES
 ('42-329-12345', 'Mitchell Ranch 1H', 'lease-mitchell-ranch', 'op-permian-energy', 'permitted', 4980, 2600,
   'Wolfcamp B', 0, 0, 0, 0, 1.2, 1180, 0.4),
 ('42-329-12346', 'Mitchell Ranch 2H', 'lease-mitchell-ranch', 'op-permian-energy', 'producing', 4300, 3400,
   'Wolfcamp A', 2100, 0, 0, 4, 1.1, 1175, 0.4),
 ('42-329-13377', 'Hutto State 3H', 'lease-hutto-state', 'op-redfork', 'producing', 5650, 2350,
   'Wolfcamp B', 1850, 0, 0, 6, 1.4, 1190, 0.6),
 ('42-329-13390', 'Hutto State 5H', 'lease-hutto-state', 'op-redfork', 'producing', 7400, 4800,
   'Lower Spraberry', 900, 0, 0, 2, 1.0, 1160, 0.6),
 ('42-389-20001', 'Coyote Draw 4H', 'lease-coyote-draw', 'op-caprock', 'producing', 21500, 2200,
   'Wolfcamp A', 3200, 1450, 45, 380, 3.6, 1240, 6.5)
ON CONFLICT DO NOTHING;

INSERT INTO rrc_kg_entities (entity_id, entity_type, name, aliases, ref) VALUES
 ('well-42-329-12345', 'well', 'Mitchell Ranch 1H', '42-329-12345|mitchell ranch #1h|mr 1h', '42-329-12345'),
 ('well-42-329-12346', 'well', 'Mitchell Ranch 2H', '42-329-12346|mitchell ranch #2h|mr 2h', '42-329-12346'),
 ('well-42-329-13377', 'well', 'Hutto State 3H', '42-329-13377', '42-329-13377'),
 ('well-42-329-13390', 'well', 'Hutto State 5H', '42-329-13390', '42-329-13390'),
 ('well-42-389-20001', 'well', 'Coyote Draw 4H', '42-389-20001|coyote draw #4h', '42-389-20001'),
 ('lease-mitchell-ranch', 'lease', 'Mitchell Ranch Lease', 'mitchell ranch', 'lease-mitchell-ranch'),
 ('lease-hutto-state', 'lease', 'Hutto State Lease', 'hutto state', 'lease-hutto-state'),
 ('lease-coyote-draw', 'lease', 'Coyote Draw Lease', 'coyote draw', 'lease-coyote-draw'),
 ('op-permian-energy', 'operator', 'Permian Basin Energy LLC', 'permian basin energy|652841', 'op-permian-energy'),
 ('op-redfork', 'operator', 'Red Fork Resources Inc', 'red fork|701522', 'op-redfork'),
 ('op-caprock', 'operator', 'Caprock Midstream Partners LP', 'caprock|130977', 'op-caprock')
ON CONFLICT DO NOTHING;
