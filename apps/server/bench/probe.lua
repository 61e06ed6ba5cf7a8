-- wrk script for the benches' probe: each connection waits 5 ms between an answer and its next
-- request, as a load balancer's health check would ask (a light, steady trickle).
function delay()
  return 5
end
