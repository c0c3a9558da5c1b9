// The id format of carts and orders (lower-case UUIDs, as PostgreSQL's gen_random_uuid writes
// them): one pattern for the session that holds them and the store that looks them up.
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
