// The Lua scripts of the Redis store. Each runs atomically on the server and reads its clock (TIME), so replicas with
// skewed clocks agree. Two rules hold in all of them:
// - A key of the wrong type (planted, or left by another version) is deleted and counted as repaired, rather than
//   failing every later command on it: the caller logs the repair.
// - The first write is one Redis refuses under maxmemory (HSET, ZADD: "denyoom"). A script that has written once is
//   let through to its end, so a script whose first write were a DEL or an expiry would go on past maxmemory; this
//   way a full store refuses the script before it changes anything.

export const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** `fit(key, type)`: deletes `key` when it holds another type; `repaired` counts those. */
export const FIT = `local repaired = 0
local function fit(key, kind)
  local found = redis.call('TYPE', key).ok
  if found ~= kind and found ~= 'none' then redis.call('DEL', key) repaired = repaired + 1 end
end`;

// KEYS: session hash, principal's sessions; ARGV: id, client, principal, ttl, max, holder
export const CREATE_SESSION = `${NOW}
${FIT}
fit(KEYS[1], 'hash') fit(KEYS[2], 'zset')
if redis.call('ZCOUNT', KEYS[2], '(' .. now, '+inf') >= tonumber(ARGV[5]) then return {0, repaired} end
redis.call('HSET', KEYS[1], 'client', ARGV[2], 'principal', ARGV[3], 'holder', ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return {1, repaired}`;

// KEYS: session hash, its subscriptions, its stream list, principal's sessions; ARGV: id, principal, ttl.
// Renewing grows nothing (the ZADD updates a member that exists), so it goes on under maxmemory: sessions keep serving.
export const TOUCH_SESSION = `${NOW}
${FIT}
fit(KEYS[1], 'hash') fit(KEYS[2], 'set') fit(KEYS[3], 'set') fit(KEYS[4], 'zset')
local p = redis.call('HGET', KEYS[1], 'principal')
if not p then return {0, repaired} end
if p ~= ARGV[2] then return {-1, repaired} end
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
redis.call('ZADD', KEYS[4], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[4], ARGV[3])
return {1, repaired}`;

// KEYS: session hash, its subscriptions, its stream list; ARGV: id, key prefix of principals, key prefix of its events
export const DELETE_SESSION = `${FIT}
fit(KEYS[1], 'hash') fit(KEYS[3], 'set')
local p = redis.call('HGET', KEYS[1], 'principal')
if p and redis.call('TYPE', ARGV[2] .. p).ok == 'zset' then redis.call('ZREM', ARGV[2] .. p, ARGV[1]) end
for _, k in ipairs(redis.call('SMEMBERS', KEYS[3])) do
  -- Only this session's own event logs: a planted member must not name anything else to delete.
  if string.sub(k, 1, #ARGV[3]) == ARGV[3] then redis.call('DEL', k) end
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
return repaired`;

// KEYS: call log, then one key of held slots per concurrency limit;
// ARGV: requests ('' = no rate limit), windowMs, leaseMs, token, then the max of each concurrency limit.
// Answers {admitted, reason, retryAfterMs or index of the full limit, repaired}.
export const ADMIT = `${NOW}
${FIT}
for i = 1, #KEYS do fit(KEYS[i], 'zset') end
for i = 2, #KEYS do
  if redis.call('ZCOUNT', KEYS[i], '(' .. now, '+inf') >= tonumber(ARGV[3 + i]) then
    return {0, 'concurrency', i - 2, repaired}
  end
end
if ARGV[1] ~= '' then
  local window = tonumber(ARGV[2])
  local from = now - window
  if redis.call('ZCOUNT', KEYS[1], '(' .. from, '+inf') >= tonumber(ARGV[1]) then
    local oldest = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. from, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
    return {0, 'rateLimit', tonumber(oldest[2]) + window - now, repaired}
  end
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', from)
  redis.call('PEXPIRE', KEYS[1], window)
end
for i = 2, #KEYS do
  redis.call('ZADD', KEYS[i], now + tonumber(ARGV[3]), ARGV[4])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  redis.call('PEXPIRE', KEYS[i], ARGV[3])
end
return {1, '', 0, repaired}`;

// KEYS: the held-slot keys of one call; ARGV: leaseMs, token. Extends the call's lease. The expiry comes first: a
// renewal grows nothing, and must go on under maxmemory, or a long call would lose its slot while it still runs.
export const RENEW = `${NOW}
for i = 1, #KEYS do
  if redis.call('TYPE', KEYS[i]).ok == 'zset' and redis.call('ZSCORE', KEYS[i], ARGV[2]) then
    redis.call('PEXPIRE', KEYS[i], ARGV[1])
    redis.call('ZADD', KEYS[i], 'XX', now + tonumber(ARGV[1]), ARGV[2])
  end
end
return 1`;
