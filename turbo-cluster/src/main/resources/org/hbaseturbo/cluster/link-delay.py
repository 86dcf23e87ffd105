"""Holds each packet of one netfilter queue for a fixed delay, then lets it go: the delay of an emulated link.

Run by org.hbaseturbo.cluster.LinkDelay as `python3 link-delay.py QUEUE DELAY_US`, inside the network namespace whose
packets it delays; an iptables rule there sends them to queue QUEUE. tc's netem would do this inside the kernel, but
kernels built without sch_netem (this project's development machines among them) have netfilter queues.

The packets stay in the kernel: only their ids come here (copy mode "meta"), and one batch verdict lets go of every
packet up to an id, so packets leave in the order they came, each at least DELAY_US after it was seen here. Big
segments stay whole (the queue's GSO flag), so a bulk transfer costs one id per 64 KiB segment.

Prints "ready" once bound to the queue, and on SIGTERM a line of what it held and how late it let go. Exits when its
parent is gone, so that a launcher killed before its stop leaves no delay behind. Python's standard library only.
"""
import collections
import os
import resource
import select
import signal
import socket
import struct
import sys
import time

NETLINK_NETFILTER = 12
SOL_NETLINK = 270
NETLINK_NO_ENOBUFS = 5
SO_RCVBUFFORCE = 33
NLM_F_REQUEST = 0x1
NLM_F_ACK = 0x4
NLMSG_ERROR = 0x2
NFNL_SUBSYS_QUEUE = 3
NFQNL_MSG_PACKET = 0
NFQNL_MSG_CONFIG = 2
NFQNL_MSG_VERDICT_BATCH = 3
NFQA_PACKET_HDR = 1
NFQA_VERDICT_HDR = 2
NFQA_CFG_CMD = 1
NFQA_CFG_PARAMS = 2
NFQA_CFG_QUEUE_MAXLEN = 3
NFQA_CFG_MASK = 4
NFQA_CFG_FLAGS = 5
NFQNL_CFG_CMD_BIND = 1
NFQNL_COPY_META = 1
NFQA_CFG_F_GSO = 4
NF_ACCEPT = 1
NLA_TYPE_MASK = 0x3FFF
# Packets the kernel holds for the queue at most; past it, it drops them, as a full link's buffer would.
QUEUE_LENGTH = 65536
PARENT_CHECK_SECONDS = 1.0
TIMER_LATE_MAX_NS = 100_000


def attribute(kind, payload):
    length = 4 + len(payload)
    return struct.pack("=HH", length, kind) + payload + b"\0" * (-length % 4)


def message(kind, queue, attributes, flags=NLM_F_REQUEST):
    body = struct.pack("=BBH", socket.AF_UNSPEC, 0, socket.htons(queue)) + b"".join(attributes)
    return struct.pack("=IHHII", 16 + len(body), (NFNL_SUBSYS_QUEUE << 8) | kind, flags, 0, 0) + body


def configure(sock, queue, *attributes):
    sock.send(message(NFQNL_MSG_CONFIG, queue, attributes, NLM_F_REQUEST | NLM_F_ACK))
    reply = sock.recv(65536)
    _, kind = struct.unpack_from("=IH", reply)
    if kind == NLMSG_ERROR:
        error = -struct.unpack_from("=i", reply, 16)[0]
        if error:
            raise OSError(error, "netfilter queue %d: %s" % (queue, os.strerror(error)))


def packet_ids(data):
    """The id of each packet in one read from the queue's socket."""
    offset = 0
    while offset + 16 <= len(data):
        length, kind = struct.unpack_from("=IH", data, offset)
        if length < 16:
            return
        if kind & 0xFF == NFQNL_MSG_PACKET:
            at, end = offset + 20, offset + length
            while at + 4 <= end:
                attribute_length, attribute_kind = struct.unpack_from("=HH", data, at)
                if attribute_length < 4:
                    break
                if attribute_kind & NLA_TYPE_MASK == NFQA_PACKET_HDR:
                    yield struct.unpack_from(">I", data, at + 4)[0]
                    break
                at += (attribute_length + 3) & ~3
        offset += (length + 3) & ~3


def main():
    queue, delay_ns = int(sys.argv[1]), int(sys.argv[2]) * 1000
    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_NETFILTER)
    sock.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 16 << 20)
    sock.setsockopt(SOL_NETLINK, NETLINK_NO_ENOBUFS, 1)
    sock.bind((0, 0))
    configure(sock, queue, attribute(NFQA_CFG_CMD, struct.pack("=BBH", NFQNL_CFG_CMD_BIND, 0, 0)))
    configure(sock, queue, attribute(NFQA_CFG_PARAMS, struct.pack(">IB", 0, NFQNL_COPY_META)))
    configure(sock, queue, attribute(NFQA_CFG_QUEUE_MAXLEN, struct.pack(">I", QUEUE_LENGTH)))
    gso = struct.pack(">I", NFQA_CFG_F_GSO)
    configure(sock, queue, attribute(NFQA_CFG_MASK, gso), attribute(NFQA_CFG_FLAGS, gso))
    # First in line for a core when a packet is due: at normal priority, a loaded host's run queue made releases
    # 245 us late on average (2 cores, a benchmark beside it). Its work is small; the kernel's RT throttling bounds it.
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
        priority = "real-time"
    except OSError:
        priority = "normal (real-time refused)"
    parent = os.getppid()
    held = collections.deque()  # (release time, packet id), in arrival order
    counts = {"packets": 0, "late_ns": 0}

    def report(*_):
        late = counts["late_ns"] / counts["packets"] / 1000 if counts["packets"] else 0
        cpu = resource.getrusage(resource.RUSAGE_SELF)
        print("held %d packets %d us each, let go %.0f us late on average, %s priority, %.1f s of CPU"
              % (counts["packets"], delay_ns // 1000, late, priority, cpu.ru_utime + cpu.ru_stime), flush=True)
        sys.exit(0)

    signal.signal(signal.SIGTERM, report)
    print("ready", flush=True)
    next_parent_check = time.monotonic() + PARENT_CHECK_SECONDS
    # How late a timed wait ends, learnt as it goes (about 50 us on a VM, at most TIMER_LATE_MAX_NS believed): the
    # wait for a packet ends that much before it is due, so that it leaves about on time rather than a timer's
    # lateness after. Woken before it is due all the same, it waits the rest, and leaves late by about that lateness:
    # never early (a delay shorter than the timer's lateness is let go that late), and never polling, which would
    # cost a core's tenth here.
    timer_late_ns = TIMER_LATE_MAX_NS // 2
    while True:
        now = time.monotonic_ns()
        if not held:
            select.select([sock], [], [], PARENT_CHECK_SECONDS)
        else:
            remaining_ns = held[0][0] - now
            wait_ns = remaining_ns - timer_late_ns
            if wait_ns > 0:
                ready, _, _ = select.select([sock], [], [], wait_ns / 1e9)
                if not ready:
                    late = min(time.monotonic_ns() - now - wait_ns, 2 * TIMER_LATE_MAX_NS)
                    timer_late_ns = max(0, min(TIMER_LATE_MAX_NS, timer_late_ns + (late - timer_late_ns) // 8))
            elif remaining_ns > 0:
                select.select([sock], [], [], remaining_ns / 1e9)
        while True:
            try:
                data = sock.recv(65536, socket.MSG_DONTWAIT)
            except BlockingIOError:
                break
            release = time.monotonic_ns() + delay_ns
            for packet in packet_ids(data):
                held.append((release, packet))
        now = time.monotonic_ns()
        last = None
        while held and held[0][0] <= now:
            release, last = held.popleft()
            counts["packets"] += 1
            counts["late_ns"] += now - release
        if last is not None:
            verdict = struct.pack(">II", NF_ACCEPT, last)
            sock.send(message(NFQNL_MSG_VERDICT_BATCH, queue, [attribute(NFQA_VERDICT_HDR, verdict)]))
        if time.monotonic() >= next_parent_check:
            if os.getppid() != parent:
                return
            next_parent_check = time.monotonic() + PARENT_CHECK_SECONDS


if __name__ == "__main__":
    try:
        main()
    except OSError as e:
        print("link-delay: %s" % e, file=sys.stderr, flush=True)
        sys.exit(1)
