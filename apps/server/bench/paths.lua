-- wrk script for the benches: asks the paths listed in a file (one per line), each once, spread
-- over wrk's threads; with "loop" the list goes round until wrk's duration ends. Run it with one
-- connection per thread (-t N -c N), so that "once" means once: a thread stops when its last
-- path is answered and writes "stopped" (wrk itself runs until its duration ends or SIGINT, so
-- the caller interrupts it when every thread has stopped). At the end one JSON line of figures:
-- the time from the first request to the last answer (the monotonic clock, through LuaJIT's
-- ffi), the requests answered, and wrk's latency percentiles.
--
--   wrk -t N -c N -d 600s -s paths.lua http://host:port -- <paths file> <N> once|loop

local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } bahi_timespec;
  int clock_gettime(int clock, bahi_timespec *ts);
]]
local CLOCK_MONOTONIC = 1
local function now()
  local ts = ffi.new("bahi_timespec")
  ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
  return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) / 1e9
end

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  threads[#threads + 1] = thread
end

function init(args)
  local count = tonumber(args[2])
  loop = args[3] == "loop"
  mine = {}
  local i = 0
  for line in io.lines(args[1]) do
    if line ~= "" then
      if i % count == id then mine[#mine + 1] = line end
      i = i + 1
    end
  end
  nextPath = 1
  answered = 0
  startedAt = 0
  endedAt = 0
end

function request()
  if startedAt == 0 then startedAt = now() end
  local path = mine[nextPath]
  nextPath = nextPath % #mine + 1
  return wrk.format("GET", path)
end

function response(status, headers, body)
  answered = answered + 1
  endedAt = now()
  if not loop and answered == #mine then
    wrk.thread:stop()
    io.write("stopped\n")
    io.flush()
  end
end

function done(summary, latency, requests)
  local first, last, answers = math.huge, 0, 0
  for _, t in ipairs(threads) do
    local s, e = t:get("startedAt"), t:get("endedAt")
    if s > 0 and s < first then first = s end
    if e > last then last = e end
    answers = answers + t:get("answered")
  end
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.6f,"p50":%.3f,"p99":%.3f,"max":%.3f,"non2xx":%d,"errors":%d}\n',
    answers, last - first, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, e.status, e.connect + e.read + e.write + e.timeout))
end
