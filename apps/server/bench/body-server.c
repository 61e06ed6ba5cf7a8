/*
 * bench:api's bare servers in C (decision 0360): a keep-alive HTTP/1.1 server, one thread on
 * epoll, that answers every request with the same 200 and a body of N bytes, either
 *  - sent by sendfile(2) from a file: on a tmpfs its pages go into the socket by reference, so
 *    nothing is copied on the server's core. What wrk reads from it per second is what wrk can
 *    read of that body at all: the generator's ceiling; or
 *  - written from memory by writev(2), as any server that holds its answers in memory sends
 *    them (Node's among them): the kernel copies the body into the socket on the server's core.
 *
 *   body-server sendfile|writev <body bytes> <file to write the body to (sendfile only)>
 *
 * Listens on 127.0.0.1, a port of the system's choosing, and prints {"port":N} on one line once
 * it listens. Requests are read up to their blank line (no request bodies: the bench only GETs).
 * Built by api.bench.ts with the system's C compiler (cc); Linux only.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/sendfile.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

enum { max_fds = 65536, in_size = 16384 };

struct conn {
  int fd;
  int sending; /* an answer is partly sent: wait for EPOLLOUT */
  size_t sent; /* bytes of the answer (head, then body) sent */
  size_t in_len;
  char in[in_size];
};

static int use_sendfile;
static char *body;
static char head[256];
static size_t head_len;
static size_t body_len;
static int body_fd;
static struct conn *conns[max_fds];

/* Sends what is left of the answer: 0 when all is sent, 1 when the socket is full, -1 on error. */
static int pump(struct conn *c) {
  size_t total = head_len + body_len;
  while (c->sent < total) {
    ssize_t n;
    if (!use_sendfile) {
      struct iovec v[2];
      int k = 0;
      if (c->sent < head_len) {
        v[k++] = (struct iovec){head + c->sent, head_len - c->sent};
        v[k++] = (struct iovec){body, body_len};
      } else {
        v[k++] = (struct iovec){body + (c->sent - head_len), total - c->sent};
      }
      n = writev(c->fd, v, k);
    } else if (c->sent < head_len) {
      n = send(c->fd, head + c->sent, head_len - c->sent, MSG_MORE | MSG_NOSIGNAL);
    } else {
      off_t off = (off_t)(c->sent - head_len);
      n = sendfile(c->fd, body_fd, &off, total - c->sent);
    }
    if (n < 0) return errno == EAGAIN ? 1 : -1;
    c->sent += (size_t)n;
  }
  return 0;
}

static void watch(int ep, int op, int fd, unsigned events) {
  struct epoll_event e = {.events = events, .data.fd = fd};
  epoll_ctl(ep, op, fd, &e);
}

/* Answers every complete request read so far; -1 when the connection is to be closed. */
static int serve(int ep, struct conn *c) {
  char *end;
  while (!c->sending && (end = memmem(c->in, c->in_len, "\r\n\r\n", 4)) != NULL) {
    size_t used = (size_t)(end + 4 - c->in);
    memmove(c->in, c->in + used, c->in_len - used);
    c->in_len -= used;
    c->sent = 0;
    int r = pump(c);
    if (r < 0) return -1;
    if (r == 1) {
      c->sending = 1;
      watch(ep, EPOLL_CTL_MOD, c->fd, EPOLLOUT);
    }
  }
  /* A request head larger than the buffer is not one this bench sends. */
  return c->in_len == in_size ? -1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 4 || (strcmp(argv[1], "sendfile") != 0 && strcmp(argv[1], "writev") != 0)) {
    fprintf(stderr, "usage: body-server sendfile|writev <body bytes> <file>\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  use_sendfile = strcmp(argv[1], "sendfile") == 0;
  body_len = strtoul(argv[2], NULL, 10);
  /* A JSON string of the body's length, as the hello-world server's /bytes/:n answers. */
  body = malloc(body_len);
  if (body == NULL) return 1;
  for (size_t i = 0; i < body_len; i++) body[i] = 'a' + (char)(i % 26);
  if (body_len >= 2) body[0] = body[body_len - 1] = '"';
  /* Only sendfile reads the file. */
  if (use_sendfile) {
    body_fd = open(argv[3], O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (body_fd < 0 || write(body_fd, body, body_len) != (ssize_t)body_len) {
      perror(argv[3]);
      return 1;
    }
  }
  head_len = (size_t)snprintf(head, sizeof head,
                              "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %zu\r\n"
                              "connection: keep-alive\r\n\r\n",
                              body_len);

  int ls = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  int one = 1;
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = 0, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  socklen_t alen = sizeof a;
  if (ls < 0 || bind(ls, (struct sockaddr *)&a, sizeof a) != 0 || listen(ls, 1024) != 0 ||
      getsockname(ls, (struct sockaddr *)&a, &alen) != 0) {
    perror("listen");
    return 1;
  }
  printf("{\"port\":%d}\n", ntohs(a.sin_port));
  fflush(stdout);

  int ep = epoll_create1(0);
  watch(ep, EPOLL_CTL_ADD, ls, EPOLLIN);
  struct epoll_event events[256];
  for (;;) {
    int n = epoll_wait(ep, events, 256, -1);
    if (n < 0 && errno != EINTR) return 1;
    for (int i = 0; i < n; i++) {
      int fd = events[i].data.fd;
      if (fd == ls) {
        int s;
        while ((s = accept4(ls, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
          if (s >= max_fds) {
            close(s);
            continue;
          }
          setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          conns[s] = calloc(1, sizeof(struct conn));
          conns[s]->fd = s;
          watch(ep, EPOLL_CTL_ADD, s, EPOLLIN);
        }
        continue;
      }
      struct conn *c = conns[fd];
      int closing = 0;
      if (c->sending) {
        int r = pump(c);
        if (r < 0) closing = 1;
        else if (r == 0) {
          c->sending = 0;
          watch(ep, EPOLL_CTL_MOD, fd, EPOLLIN);
          closing = serve(ep, c) < 0; /* requests that came in meanwhile */
        }
      } else if (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
        ssize_t r = read(fd, c->in + c->in_len, in_size - c->in_len);
        if (r <= 0) closing = 1;
        else {
          c->in_len += (size_t)r;
          closing = serve(ep, c) < 0;
        }
      }
      if (closing) {
        close(fd);
        free(c);
        conns[fd] = NULL;
      }
    }
  }
}
