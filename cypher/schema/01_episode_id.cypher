// Episode ids are unique across the database (they are random UUIDs).
CREATE CONSTRAINT episode_id IF NOT EXISTS FOR (e:Episode) REQUIRE e.id IS UNIQUE
