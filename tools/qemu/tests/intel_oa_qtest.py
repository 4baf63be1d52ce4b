#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Deterministic tests of the intel-oa-gpu device model over QEMU's qtest
protocol: no guest kernel, the virtual clock only moves when the test
steps it, and every expected value is computed here from
Documentation/vgpu-contract.rst, not taken from the device code.

Usage: intel_oa_qtest.py [path/to/qemu-system-x86_64] [-k substring] [-v]
(default binary: the one scripts/build-qemu prints).
"""

import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time

MiB = 1 << 20
BAR0 = 0xc0000000
BAR2 = 0xc1000000
GGTT = BAR0 + 8 * MiB
DEVFN = (2 << 3)            # 00:02.0, where the iGPU lives
TS_HZ = 12000000
RATIO = 50
SEED = 0x5eed0001

# registers (vgpu-contract.rst)
RING_TIMESTAMP, RING_TIMESTAMP_UDW = 0x2358, 0x235c
OACTXCONTROL, OACTXID, OABUFFER_UDW = 0x2360, 0x2364, 0x23b4
OASTARTTRIG1, OAREPORTTRIG1, OACEC0_0 = 0x2710, 0x2740, 0x2770
OACONTROL, OA_DEBUG, OASTATUS = 0x2b00, 0x2b04, 0x2b08
OAHEADPTR, OATAILPTR, OABUFFER, OA_IMR = 0x2b0c, 0x2b10, 0x2b14, 0x2b20
OAG_OA_IMR = 0xdb14         # Gen12+ (i915 GEN12_OA_IMR)
FUSE2, EU_DISABLE0, CTC_MODE, RPSTAT1 = 0x9120, 0x9134, 0xa26c, 0xa01c
FW_RENDER, FW_ACK_RENDER = 0xa278, 0x0d84
FW_BLITTER, FW_ACK_BLITTER = 0xa188, 0x130044
FW_MEDIA, FW_ACK_MEDIA = 0xa270, 0x0d88
MASTER_IRQ = 0x44200
GFX_FLSH_CNTL, RP_STATE_CAP = 0x101008, 0x145998
EU_PERF_CNT_CTL0 = 0xe458


def GT_ISR(n): return 0x44300 + 0x10 * n
def GT_IMR(n): return 0x44304 + 0x10 * n
def GT_IIR(n): return 0x44308 + 0x10 * n
def GT_IER(n): return 0x4430c + 0x10 * n


ST_REPORT_LOST, ST_BUFFER_OVERFLOW = 1 << 0, 1 << 1
HALF_FULL = 1 << 28

# control page
CTL_MAGIC, CTL_VERSION, CTL_VIOLATIONS, CTL_LAST = 0x0, 0x4, 0x8, 0xc
CTL_SEED, CTL_DROP, CTL_FORCE_OVF, CTL_STALL = 0x10, 0x14, 0x18, 0x1c
CTL_WRITTEN, CTL_DROPPED, CTL_HALF_IRQS, CTL_MSIS = 0x20, 0x24, 0x28, 0x2c
CTL_TAIL_RACE, CTL_RATIO = 0x30, 0x34
CTL_TS_ADVANCE, CTL_LOSE_WRITES = 0x58, 0x5c       # control page version 4
CTL_SPURIOUS_IRQS, CTL_IRQ_STORM, CTL_FW_STUCK = 0x60, 0x64, 0x68
CTL_GUC_GARBAGE = 0x6c
CTL_GUC_LATE, CTL_BAD_GGTT_PAGES = 0x70, 0x74         # control page version 5
CTL_SURPRISE_REMOVAL, CTL_DMA_ERRORS = 0x78, 0x7c
CTL_TORN_WRITE = 0x84                                 # control page version 7

FORMATS = {0: 64, 2: 128, 5: 256, 7: 64}

# context-switch schedule (platforms.rst "Context-switch reports")
CTX_SLICE = 1 << 20
CTX_IDS = (0x1a0, 0x2b0, 0x3c0, 0)      # phase 3 is idle
REASON_TIMER, REASON_CTX_SWITCH = 1 << 0, 1 << 3
NO_CTX_SWITCH = (2 << 16) | 2           # masked OA_DEBUG write, bit 1


# ---- independent model of the contract's synthetic workload -------------

def counter(k, t, seed=SEED, width=32):
    s = ((seed * (k + 1)) << 8) + (k << 24)
    return (s + t * (k + 1)) % (1 << width)


def rpt_header(T, period, cs, ctx_valid_bit=16, ratio=RATIO):
    """RPT_ID, TIMESTAMP, CTX_ID, GPU_TICKS of the report at T. @period is
    the timer period (None: T is a timer report; 0: no timer), @cs whether
    context-switch reports are on."""
    reason = 0
    if period is None or (period and T % period == 0):
        reason |= REASON_TIMER
    if cs and T % CTX_SLICE == 0:
        reason |= REASON_CTX_SWITCH
    ctx = CTX_IDS[(T // CTX_SLICE) % 4]
    rpt = (reason << 19) | ((1 << ctx_valid_bit) if ctx else 0)
    return [rpt, T & 0xffffffff, ctx, (T * ratio) & 0xffffffff]


def expected_report(fmt, T, seed=SEED, period=None, cs=True,
                    ctx_valid_bit=16, ratio=RATIO):
    """Report for the full (unbounded) GPU timestamp T: the TIMESTAMP
    field is T mod 2^32, every counter is a function of T itself."""
    dw = rpt_header(T, period, cs, ctx_valid_bit, ratio)
    A = lambda i: counter(i, T, seed)
    B = lambda i: counter(36 + i, T, seed)
    C = lambda i: counter(44 + i, T, seed)
    if fmt == 0:
        dw += [A(i) for i in range(7, 19)]
    elif fmt == 2:
        dw += [A(i) for i in range(7, 19)]
        dw += [B(i) for i in range(8)] + [C(i) for i in range(8)]
    elif fmt == 7:
        dw += [C(i) for i in range(4)] + [B(i) for i in range(8)]
    elif fmt == 5:
        a40 = [counter(i, T, seed, 40) for i in range(32)]
        dw += [v & 0xffffffff for v in a40]
        dw += [A(i) for i in range(32, 36)]
        hi = bytes((v >> 32) & 0xff for v in a40)
        dw += list(struct.unpack('<8I', hi))
        dw += [B(i) for i in range(8)] + [C(i) for i in range(8)]
    return struct.pack('<%dI' % len(dw), *dw)


def decode_a40(report):
    """A0..A31 of a format-5 report as 40-bit values (PRM layout)."""
    dw = struct.unpack('<64I', report)
    return [dw[4 + i] | (report[160 + i] << 32) for i in range(32)]


def ts_of(ns, base=0):
    """GPU timestamp T at virtual time @ns for timestamp-base @base."""
    return base + ns * TS_HZ // 1000000000


# ---- qtest plumbing -------------------------------------------------------

# QEMU processes not closed yet: a failing test leaves them to main()
LIVE = []


class QTest:
    """A device under qtest. The contract tests check the linear workload
    (vgpu-contract.rst), the explicit test mode: it is selected unless
    @extra names a workload or @workload is None (the device's default,
    activity)."""

    def __init__(self, qemu, extra='', ts_base=0, args=(), monitor=None,
                 workload='linear', awake=True, noa=True):
        dev = 'intel-oa-gpu,addr=02.0' + extra
        if workload and 'workload=' not in extra:
            dev += ',workload=' + workload
        self.ts_base = ts_base
        if ts_base:
            dev += ',timestamp-base=%d' % ts_base
        if monitor:
            args = list(args) + ['-monitor',
                                 'unix:%s,server=on,wait=off' % monitor]
        self.p = subprocess.Popen(
            [qemu, '-M', 'q35', '-accel', 'qtest', '-nodefaults',
             '-L', '/usr/share/seabios', '-L', '/usr/share/qemu',
             '-display', 'none', '-m', '256', '-qtest', 'stdio',
             '-qtest-log', '/dev/null', '-device', dev] + list(args),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, bufsize=1)
        LIVE.append(self)
        self.mon = None
        if monitor:
            self.mon = self.hmp_connect(monitor)
            # an incoming migration must finish before the test goes on
            while 'running' not in self.hmp('info status'):
                time.sleep(0.05)
        self.now = int(self.cmd('clock_step 0'))
        self.setup_pci()
        if awake:
            self.wake()
            if noa:
                self.power_noa()

    def hmp_connect(self, path):
        for _ in range(200):
            try:
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                sock.connect(path)
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise RuntimeError('no monitor at ' + path)
        sock.settimeout(30)
        self.mon_buf = b''
        self.mon = sock
        self.hmp_wait()
        return sock

    def hmp_wait(self):
        while not self.mon_buf.endswith(b'(qemu) '):
            self.mon_buf += self.mon.recv(4096)
        out, self.mon_buf = self.mon_buf, b''
        return out.decode(errors='replace')

    def hmp(self, line):
        self.mon.sendall(line.encode() + b'\n')
        return self.hmp_wait()

    def cmd(self, line):
        self.p.stdin.write(line + '\n')
        self.p.stdin.flush()
        while True:
            resp = self.p.stdout.readline()
            if not resp:
                raise RuntimeError('qemu exited: ' + self.p.stderr.read())
            if resp.startswith('OK') or resp.startswith('FAIL') or \
               resp.startswith('ERR'):
                break
        if not resp.startswith('OK'):
            raise RuntimeError('%s -> %s' % (line, resp.strip()))
        parts = resp.split()
        return parts[1] if len(parts) > 1 else None

    def close(self):
        if self in LIVE:
            LIVE.remove(self)
        if self.mon:
            self.mon.close()
        self.p.stdin.close()
        self.p.kill()
        self.p.wait(timeout=10)

    def cfg_addr(self, reg):
        return 0x80000000 | (DEVFN << 8) | (reg & 0xfc)

    def cfg_writel(self, reg, val):
        self.cmd('outl 0xcf8 0x%x' % self.cfg_addr(reg))
        self.cmd('outl 0xcfc 0x%x' % val)

    def cfg_readl(self, reg):
        self.cmd('outl 0xcf8 0x%x' % self.cfg_addr(reg))
        return int(self.cmd('inl 0xcfc'), 16)

    def setup_pci(self):
        self.cfg_writel(0x10, BAR0 | 4)
        self.cfg_writel(0x14, 0)
        self.cfg_writel(0x18, BAR2 | 0xc)
        self.cfg_writel(0x1c, 0)
        self.cfg_writel(0x04, 0x6)          # memory + bus master

    def wake(self):
        """Hold the render and GT forcewake domains, as the driver does for
        a stream: from Gen9 on the device drops accesses to a sleeping
        domain (i915's forcewake ranges). The same requests are
        FORCEWAKE_MT on Haswell and Gen8 and unused before."""
        self.wr(0xa278, 0x10001)
        self.wr(0xa188, 0x10001)

    def noa_power_reg(self):
        """The render GT's NOA power register and bit (i915 and xe
        GT_NOA_ENABLE): GDT_CHICKEN_BITS bit 7 on Haswell to Gen9,
        RPM_CONFIG1 bit 9 from Gen11 on, none before Haswell."""
        devid = self.cfg_readl(0) >> 16
        fam = next(r['family'] for r in TABLE if r['devid'] == devid)
        return NOA_POWER.get(fam, (None, 0))

    def power_noa(self, on=True):
        """Power the NOA network that feeds the B and C counters, as
        Intel's metric sets do (the device resets it off)."""
        reg, bit = self.noa_power_reg()
        if reg is not None:
            self.wr(reg, bit if on else 0)

    def rd(self, off):
        return int(self.cmd('readl 0x%x' % (BAR0 + off)), 16)

    def wr(self, off, val):
        self.cmd('writel 0x%x 0x%x' % (BAR0 + off, val))

    def ctl(self, off):
        return int(self.cmd('readl 0x%x' % (BAR2 + off)), 16)

    def ctl_wr(self, off, val):
        self.cmd('writel 0x%x 0x%x' % (BAR2 + off, val))

    def mem(self, addr, size):
        return bytes.fromhex(self.cmd('read 0x%x 0x%x' % (addr, size))[2:])

    def step(self, ns):
        self.now = int(self.cmd('clock_step %d' % ns))
        return self.now

    def ts(self):
        """The full GPU timestamp T now."""
        return ts_of(self.now, self.ts_base)


# ---- an OA buffer mapped through scattered GGTT pages ---------------------

class OABuffer:
    """128 KiB * 2^size_sel buffer at GGTT @ggtt; page i lives at a
    scattered physical page so a wrong translation shows."""

    def __init__(self, qt, ggtt=0x00400000, size_sel=0, phys=0x04000000,
                 pte_bits=0):
        self.qt, self.base, self.size = qt, ggtt, (128 * 1024) << size_sel
        self.size_sel = size_sel
        self.pages = self.size // 4096
        self.phys = [phys + ((i * 7) % self.pages) * 4096 * 2
                     for i in range(self.pages)]
        for i, pa in enumerate(self.phys):
            qt.cmd('writeq 0x%x 0x%x' % (GGTT + ((ggtt >> 12) + i) * 8,
                                         pa | pte_bits | 1))
        qt.cmd('memset 0x%x 0x%x 0' % (phys, self.pages * 4096 * 2))
        qt.wr(GFX_FLSH_CNTL, 1)

    def read(self, off, size):
        out = b''
        while size:
            chunk = min(size, 4096 - off % 4096)
            out += self.qt.mem(self.phys[off // 4096] + off % 4096, chunk)
            off, size = (off + chunk) % self.size, size - chunk
        return out

    def program(self):
        """i915's gen8_init_oa_buffer order, OA unit disabled."""
        qt = self.qt
        qt.wr(OASTATUS, 0)
        qt.wr(OAHEADPTR, self.base)
        qt.wr(OABUFFER_UDW, 0)
        qt.wr(OABUFFER, self.base | (self.size_sel << 3) | 1)
        qt.wr(OATAILPTR, self.base)


def start(qt, buf, fmt, exponent):
    buf.program()
    qt.wr(OACTXCONTROL, (exponent << 2) | 2 | 1)
    qt.wr(OACONTROL, (fmt << 2) | 1)
    return qt.ts()


def stop(qt):
    qt.wr(OACONTROL, 0)


def first_ts(ts_enable, period):
    return (ts_enable // period + 1) * period


def check_reports(buf, fmt, start_off, count, ts0, period, seed=SEED,
                  cs=True, **hdr):
    """@count reports from ts0, spaced by the timer @period or, when
    context-switch reports are on and come more often, by the slice."""
    rs = FORMATS[fmt]
    step = min(period or CTX_SLICE, CTX_SLICE) if cs else period
    for i in range(count):
        got = buf.read((start_off + i * rs) % buf.size, rs)
        want = expected_report(fmt, ts0 + i * step, seed, period, cs, **hdr)
        if got != want:
            gw = struct.unpack('<%dI' % (rs // 4), got)
            ww = struct.unpack('<%dI' % (rs // 4), want)
            bad = [j for j in range(rs // 4) if gw[j] != ww[j]]
            raise AssertionError(
                'fmt %d report %d (ts %d): dwords %s differ: got %s want %s'
                % (fmt, i, ts0 + i * step, bad[:6],
                   [hex(gw[j]) for j in bad[:6]],
                   [hex(ww[j]) for j in bad[:6]]))


def eq(got, want, what):
    if got != want:
        raise AssertionError('%s: got %r (0x%x), want %r (0x%x)' %
                             (what, got, got if isinstance(got, int) else 0,
                              want, want if isinstance(want, int) else 0))


# ---- tests ----------------------------------------------------------------

def test_identity(qemu):
    qt = QTest(qemu)
    eq(qt.cfg_readl(0x00), 0x19128086, 'vendor/device')
    eq(qt.cfg_readl(0x08) >> 8, 0x030000, 'class')
    eq(qt.cfg_readl(0x08) & 0xff, 0x07, 'revision')
    eq(qt.cfg_readl(0x2c), 0x11001af4, 'subsystem: QEMU (0x1af4:0x1100)')
    eq(qt.ctl(CTL_MAGIC), 0x41474f56, 'magic')
    eq(qt.ctl(CTL_VERSION), 7, 'version (7: torn-write)')
    eq(qt.ctl(CTL_SEED), SEED, 'seed')
    eq(qt.ctl(CTL_RATIO), RATIO, 'ratio')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    eq(int(qt.cmd('readq 0x%x' % BAR2), 16), (7 << 32) | 0x41474f56,
       '64-bit control page read')
    qt.close()
    # a board's own subsystem, to test how a driver treats real hardware
    qt = QTest(qemu, ',subsystem=0x80862063')
    eq(qt.cfg_readl(0x2c), 0x20638086, 'subsystem property')
    qt.close()


def test_gt_registers(qemu):
    qt = QTest(qemu)
    fuse2 = qt.rd(FUSE2)
    eq((fuse2 >> 25) & 7, 0b001, 'FUSE2 slice enable (1 slice)')
    eq((fuse2 >> 20) & 0xf, 0b1000, 'FUSE2 subslice disable (3 of 4)')
    eq(qt.rd(EU_DISABLE0), 0, 'EU_DISABLE(0): 8 EUs per subslice')
    cap = qt.rd(RP_STATE_CAP)
    eq((cap & 0xff) * 50, 1150, 'RP0 MHz')
    eq(((cap >> 16) & 0xff) * 50, 300, 'RPn MHz')
    ctc = qt.rd(CTC_MODE)
    eq(ctc & 1, 0, 'CTC_MODE crystal source')
    eq(24000000 >> (3 - ((ctc >> 1) & 3)), TS_HZ, 'i915 gen9 CTC freq')
    eq(((qt.rd(RPSTAT1) >> 23) & 0x1ff) * 50 // 3, 600, 'RPSTAT1 MHz')
    qt.step(123456789)
    eq(qt.rd(RING_TIMESTAMP), ts_of(qt.now) & 0xffffffff, 'RING_TIMESTAMP')
    eq(qt.rd(RING_TIMESTAMP_UDW), ts_of(qt.now) >> 32, 'RING_TIMESTAMP_UDW')
    qt.step(400 * 1000 * 1000 * 1000)   # past 2^32 ticks
    eq(int(qt.cmd('readq 0x%x' % (BAR0 + RING_TIMESTAMP)), 16),
       ts_of(qt.now) % (1 << 36), '64-bit read of the 36-bit timestamp')
    for req, ack in ((FW_RENDER, FW_ACK_RENDER), (FW_BLITTER, FW_ACK_BLITTER),
                     (FW_MEDIA, FW_ACK_MEDIA)):
        qt.wr(req, 0x00010001)
        eq(qt.rd(ack) & 1, 1, 'forcewake ack 0x%x' % ack)
        qt.wr(req, 0x00010000)
        eq(qt.rd(ack) & 1, 0, 'forcewake release 0x%x' % ack)
    qt.wake()
    qt.wr(OA_DEBUG, (0x60 << 16) | 0x60)
    qt.wr(OA_DEBUG, (0x20 << 16))
    eq(qt.rd(OA_DEBUG), 0x40, 'OA_DEBUG masked writes')
    qt.wr(0x9888, 0x12345678)        # NOA_WRITE
    eq(qt.rd(0x9888), 0x12345678, 'NOA register stored')
    qt.wr(0x7000, 0xdeadbeef)        # unmodelled register
    eq(qt.rd(0x7000), 0xdeadbeef, 'unknown register stored')
    eq(qt.rd(0x7004), 0, 'unknown register reads 0')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def run_format(qemu, fmt, exponent, run_ns):
    qt = QTest(qemu)
    buf = OABuffer(qt)
    qt.step(1000003)
    period = 2 << exponent
    ts0 = first_ts(start(qt, buf, fmt, exponent), period)
    qt.step(run_ns)
    tail = qt.rd(OATAILPTR)
    n = (ts_of(qt.now) - ts0) // period + 1
    eq(tail - buf.base, n * FORMATS[fmt], 'tail after %d reports' % n)
    check_reports(buf, fmt, 0, n, ts0, period)
    eq(qt.rd(OASTATUS), 0, 'OASTATUS')
    eq(qt.ctl(CTL_WRITTEN), n, 'reports written')
    eq(qt.ctl(CTL_DROPPED), 0, 'reports dropped')
    stop(qt)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations of the i915 sequence')
    qt.step(10 * 1000 * 1000)
    eq(qt.rd(OATAILPTR), tail, 'no reports after disable')
    qt.close()
    return n


def test_format_a12(qemu):
    run_format(qemu, 0, 0, 150000)


def test_format_a12_b8_c8(qemu):
    run_format(qemu, 2, 0, 70000)


def test_format_a32u40(qemu):
    run_format(qemu, 5, 0, 35000)


def test_format_c4_b8(qemu):
    run_format(qemu, 7, 3, 900000)


def test_long_period(qemu):
    # exponent 20: 2^21 ticks = 174.76 ms, reports land on time; with
    # context switches every 2^20 ticks, every other report is a pure
    # context-switch report and the others carry both reasons
    for cs in (False, True):
        qt = QTest(qemu)
        buf = OABuffer(qt)
        if not cs:
            qt.wr(OA_DEBUG, NO_CTX_SWITCH)
        period = 2 << 20
        step = CTX_SLICE if cs else period
        ts0 = first_ts(start(qt, buf, 2, 20), step)
        qt.step(700 * 1000 * 1000)
        n = (ts_of(qt.now) - ts0) // step + 1
        eq(qt.rd(OATAILPTR) - buf.base, n * 128, 'tail (cs %d)' % cs)
        check_reports(buf, 2, 0, n, ts0, period, cs=cs)
        qt.close()


def test_huge_exponent(qemu):
    # exponent 63: the period exceeds any reachable time, no timer
    # report is due; only the context-switch reports remain
    qt = QTest(qemu)
    buf = OABuffer(qt)
    qt.wr(OA_DEBUG, NO_CTX_SWITCH)
    start(qt, buf, 0, 63)
    qt.step(10 * 1000 * 1000 * 1000)
    eq(qt.rd(OATAILPTR), buf.base, 'no report')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()

    qt = QTest(qemu)
    buf = OABuffer(qt)
    ts0 = first_ts(start(qt, buf, 0, 63), CTX_SLICE)
    qt.step(500 * 1000 * 1000)
    n = (qt.ts() - ts0) // CTX_SLICE + 1
    eq(qt.rd(OATAILPTR) - buf.base, n * 64, 'context-switch reports only')
    check_reports(buf, 0, 0, n, ts0, 0)
    qt.close()


def test_system_reset(qemu):
    qt = QTest(qemu)
    buf = OABuffer(qt)
    start(qt, buf, 0, 0)
    qt.wr(OAHEADPTR, buf.base + 8)      # one violation
    qt.step(100000)
    qt.cmd('outb 0xcf9 0x6')            # ICH9 reset control: hard reset
    qt.step(0)
    qt.setup_pci()
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations cleared by reset')
    eq(qt.ctl(CTL_WRITTEN), 0, 'statistics cleared by reset')
    eq(qt.rd(OACONTROL), 0, 'OA unit disabled by reset')
    eq(qt.rd(OATAILPTR), 0, 'tail cleared by reset')
    pte = int(qt.cmd('readq 0x%x' % (GGTT + (buf.base >> 12) * 8)), 16)
    eq(pte, 0, 'GGTT cleared by reset')
    qt.close()


def test_seed(qemu):
    qt = QTest(qemu, ',seed=0xfeedf00d')
    buf = OABuffer(qt)
    ts0 = first_ts(start(qt, buf, 5, 2), 8)
    qt.step(20000)
    n = (qt.rd(OATAILPTR) - buf.base) // 256
    eq(n, (ts_of(qt.now) - ts0) // 8 + 1, 'reports')
    check_reports(buf, 5, 0, n, ts0, 8, seed=0xfeedf00d)
    qt.close()


def test_timestamp_base_wrap(qemu):
    # T starts just below a wrap of the report's 32-bit TIMESTAMP field and
    # of the 36-bit RING_TIMESTAMP: the 40-bit A counters must keep
    # counting, i.e. every delta across the wrap is exactly P * (k + 1).
    for wrap in (1 << 32, 1 << 36):
        base = wrap - 1000
        qt = QTest(qemu, ts_base=base)
        eq(qt.rd(RING_TIMESTAMP), qt.ts() & 0xffffffff,
           'RING_TIMESTAMP at timestamp-base %#x' % base)
        eq(qt.rd(RING_TIMESTAMP_UDW), (qt.ts() >> 32) & 0xf,
           'RING_TIMESTAMP_UDW at timestamp-base %#x' % base)
        buf = OABuffer(qt)
        period = 2 << 3
        ts0 = first_ts(start(qt, buf, 5, 3), period)
        qt.step(250 * 1000)                 # 3000 ticks: past the wrap
        n = (qt.ts() - ts0) // period + 1
        eq(qt.rd(OATAILPTR) - buf.base, n * 256, 'tail across the wrap')
        if not ts0 < wrap <= ts0 + (n - 1) * period:
            raise AssertionError('reports %#x.. do not cross %#x' % (ts0, wrap))
        check_reports(buf, 5, 0, n, ts0, period)
        reports = [buf.read(i * 256, 256) for i in range(n)]
        zero = [i for i in range(n)
                if struct.unpack_from('<I', reports[i], 4)[0] == 0]
        eq(len(zero), 1, 'reports with TIMESTAMP 0 (T = wrap)')
        for i in range(1, n):
            a, b = decode_a40(reports[i - 1]), decode_a40(reports[i])
            for k in range(32):
                eq((b[k] - a[k]) % (1 << 40), period * (k + 1),
                   'A%d delta between reports %d and %d' % (k, i - 1, i))
        eq(qt.rd(RING_TIMESTAMP), qt.ts() % (1 << 32),
           'RING_TIMESTAMP after the wrap')
        eq(qt.rd(RING_TIMESTAMP_UDW), (qt.ts() >> 32) & 0xf,
           'RING_TIMESTAMP_UDW after the wrap')
        stop(qt)
        eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
        qt.close()


def test_head_wrap_and_overflow(qemu):
    qt = QTest(qemu)
    buf = OABuffer(qt)
    fmt, exponent, rs = 2, 0, 128
    ts0 = first_ts(start(qt, buf, fmt, exponent), 2)
    slots = buf.size // rs
    # run long enough to overflow: the unit keeps one slot free
    qt.step(5 * 1000 * 1000)
    eq(qt.rd(OATAILPTR) - buf.base, (slots - 1) * rs, 'tail when full')
    eq(qt.rd(OASTATUS) & ST_BUFFER_OVERFLOW, ST_BUFFER_OVERFLOW,
       'BUFFER_OVERFLOW')
    check_reports(buf, fmt, 0, slots - 1, ts0, 2)
    due = (ts_of(qt.now) - ts0) // 2 + 1
    eq(qt.ctl(CTL_WRITTEN), slots - 1, 'written')
    eq(qt.ctl(CTL_DROPPED), due - (slots - 1), 'dropped')
    # software consumes half and clears the status (rmw like i915)
    qt.wr(OAHEADPTR, buf.base + (slots // 2) * rs)
    qt.wr(OASTATUS, qt.rd(OASTATUS) & ~ST_BUFFER_OVERFLOW)
    eq(qt.rd(OASTATUS), 0, 'OASTATUS cleared')
    ts_resume = ts_of(qt.now)
    qt.step(200000)
    tail = qt.rd(OATAILPTR) - buf.base
    eq(tail, (slots // 2 - 1) * rs, 'tail wrapped to just behind head')
    # the resumed reports wrap around the end of the buffer
    first = first_ts(ts_resume, 2)     # due at ts_resume: dropped
    check_reports(buf, fmt, (slots - 1) * rs, slots // 2, first, 2)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_half_full_interrupt(qemu):
    qt = QTest(qemu)
    buf = OABuffer(qt)
    qt.wr(GT_IMR(3), ~HALF_FULL & 0xffffffff)
    qt.wr(GT_IER(3), HALF_FULL)
    qt.wr(MASTER_IRQ, 1 << 31)
    ts0 = first_ts(start(qt, buf, 0, 5), 64)
    half = buf.size // 2 // 64           # reports that make it half full
    ns_half = (ts0 + (half - 1) * 64) * 1000000000 // TS_HZ
    qt.step(ns_half - qt.now - 20000)
    qt.rd(OATAILPTR)                    # observe: lands due reports
    eq(qt.rd(GT_IIR(3)), 0, 'no interrupt below half')
    eq(qt.rd(MASTER_IRQ), 1 << 31, 'master: nothing pending')
    # the batch timer (1 ms) raises it without any MMIO access
    qt.step(40000 + 1000000)
    eq(qt.rd(GT_IIR(3)), HALF_FULL, 'GT_IIR(3) half full')
    eq(qt.rd(GT_ISR(3)) & HALF_FULL, HALF_FULL, 'GT_ISR(3) live status')
    # bank 3's high half (the WD box) is MASTER_IRQ bit 7, not VECS's 6
    eq(qt.rd(MASTER_IRQ), (1 << 31) | (1 << 7), 'MASTER_IRQ bit 7')
    eq(qt.ctl(CTL_HALF_IRQS), 1, 'half-full interrupts')
    qt.wr(GT_IIR(3), HALF_FULL)
    eq(qt.rd(GT_IIR(3)), 0, 'IIR write-1-to-clear')
    # consume everything: status drops, no new event until it refills
    qt.wr(OAHEADPTR, qt.rd(OATAILPTR))
    eq(qt.rd(GT_ISR(3)) & HALF_FULL, 0, 'ISR after consume')
    qt.step(1000000)
    eq(qt.ctl(CTL_HALF_IRQS), 1, 'still one event')
    # OA_IMR masks the source
    qt.wr(OA_IMR, HALF_FULL)
    qt.step(200 * 1000 * 1000)
    eq(qt.rd(GT_IIR(3)), 0, 'masked at OA_IMR')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_drop_reports(qemu):
    qt = QTest(qemu)
    buf = OABuffer(qt)
    ts0 = first_ts(start(qt, buf, 0, 4), 32)
    qt.ctl_wr(CTL_DROP, 5)
    eq(qt.ctl(CTL_DROP), 5, 'knob reads back')
    qt.step(100000)
    eq(qt.ctl(CTL_DROP), 0, 'knob consumed')
    eq(qt.rd(OASTATUS) & ST_REPORT_LOST, ST_REPORT_LOST, 'REPORT_LOST')
    n = (qt.rd(OATAILPTR) - buf.base) // 64
    check_reports(buf, 0, 0, n, ts0 + 5 * 32, 32)
    eq(qt.ctl(CTL_DROPPED), 5, 'dropped')
    qt.close()


def test_lose_writes(qemu):
    """vgpu-contract.rst lose-writes: the tail moves over the next N due
    reports but their bytes never land; the reports around them do."""
    qt = QTest(qemu)
    buf = OABuffer(qt)
    rs = FORMATS[0]
    ts0 = first_ts(start(qt, buf, 0, 4), 32)
    qt.step(2000)
    qt.ctl_wr(CTL_LOSE_WRITES, 2)
    eq(qt.ctl(CTL_LOSE_WRITES), 2, 'knob reads back')
    k0 = (qt.rd(OATAILPTR) - buf.base) // rs
    qt.step(100000)
    eq(qt.ctl(CTL_LOSE_WRITES), 0, 'knob consumed')
    n = (qt.rd(OATAILPTR) - buf.base) // rs
    eq(n > k0 + 8, True, 'the tail moved on over the lost reports')
    check_reports(buf, 0, 0, k0, ts0, 32)
    for i in (k0, k0 + 1):
        eq(buf.read(i * rs, rs), bytes(rs), 'lost report %d never landed' % i)
    check_reports(buf, 0, (k0 + 2) * rs, n - k0 - 2, ts0 + (k0 + 2) * 32, 32)
    eq(qt.rd(OASTATUS) & ST_REPORT_LOST, 0, 'a lost write is not REPORT_LOST')
    eq(qt.ctl(CTL_DROPPED), 0, 'nothing dropped')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_bad_ggtt_pages(qemu):
    """vgpu-contract.rst bad-ggtt-pages: the PTEs of the N buffer pages
    after the one being written map nothing; the reports there are written
    into the void (the tail moves, no bytes land, dma-errors counts each
    write), the reports before and after land."""
    qt = QTest(qemu)
    buf = OABuffer(qt)
    rs = FORMATS[0]
    ts0 = first_ts(start(qt, buf, 0, 4), 32)
    qt.step(2000)
    k0 = (qt.rd(OATAILPTR) - buf.base) // rs
    qt.ctl_wr(CTL_BAD_GGTT_PAGES, 2)
    eq(qt.ctl(CTL_BAD_GGTT_PAGES), 2, 'two PTEs spoiled')
    page = k0 * rs // 4096
    for i in (page + 1, page + 2):
        pte = int(qt.cmd('readq 0x%x' % (GGTT + ((buf.base >> 12) + i) * 8)),
                  16)
        eq(pte, ((1 << 39) - 4096) | 1, 'page %d: present, maps the top' % i)
    per_page = 4096 // rs
    qt.step(2000000)        # ~750 reports of a 2048-report buffer
    n = (qt.rd(OATAILPTR) - buf.base) // rs
    lo, hi = (page + 1) * per_page, (page + 3) * per_page
    eq(n > hi + 4, True, 'the tail moved on over the bad pages')
    check_reports(buf, 0, 0, lo, ts0, 32)
    for i in range(lo, hi):
        eq(buf.read(i * rs, rs), bytes(rs), 'report %d never landed' % i)
    check_reports(buf, 0, hi * rs, n - hi, ts0 + hi * 32, 32)
    eq(qt.ctl(CTL_DMA_ERRORS), (hi - lo) * rs // 64,
       'one failed write per cacheline')
    eq(qt.rd(OASTATUS), 0, 'nothing the OA unit could see')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_surprise_removal(qemu):
    """vgpu-contract.rst surprise-removal: BAR0 (registers and GGTT) and
    configuration space read all-ones, writes and DMA go nowhere, no
    interrupt; clearing it inserts a device in its power-on state with its
    BARs unassigned; the control page answers throughout."""
    qt = QTest(qemu)
    buf = OABuffer(qt)
    start(qt, buf, 0, 4)
    enable_msi(qt)
    qt.step(2000)
    written = qt.ctl(CTL_WRITTEN)
    qt.ctl_wr(CTL_SURPRISE_REMOVAL, 1)
    eq(qt.ctl(CTL_SURPRISE_REMOVAL), 1, 'in effect')
    eq(qt.rd(OATAILPTR), 0xffffffff, 'register reads all-ones')
    eq(qt.rd(OASTATUS), 0xffffffff, 'OASTATUS all-ones')
    eq(int(qt.cmd('readq 0x%x' % (GGTT + (buf.base >> 12) * 8)), 16),
       (1 << 64) - 1, 'GGTT PTE reads all-ones')
    eq(qt.cfg_readl(0), 0xffffffff, 'vendor/device id all-ones')
    qt.wr(OACONTROL, 0)
    qt.cfg_writel(0x04, 0)
    msis = qt.ctl(CTL_MSIS)
    qt.step(10000000)
    eq(qt.ctl(CTL_MSIS), msis, 'no interrupt')
    eq(qt.ctl(CTL_WRITTEN) > written, True, 'the unit still runs')
    eq(qt.ctl(CTL_DMA_ERRORS) > 0, True, 'its writes fail on the bus')
    qt.ctl_wr(CTL_SURPRISE_REMOVAL, 0)
    # the new device arrives from a bottom half, after this access
    for _ in range(100):
        if qt.cfg_readl(0) != 0xffffffff:
            break
        qt.step(1)
    eq(qt.cfg_readl(0), 0x19128086, 'a device is back')
    eq(qt.cfg_readl(0x10), 4, 'BAR0 unassigned')
    eq(qt.cfg_readl(0x04) & 7, 0, 'memory and bus master off')
    qt.setup_pci()
    eq(qt.ctl(CTL_SURPRISE_REMOVAL), 0, 'knob cleared')
    eq(qt.ctl(CTL_WRITTEN), 0, 'statistics of a new device')
    eq(qt.rd(OACONTROL), 0, 'OA unit in its power-on state')
    qt.close()


def test_ts_advance(qemu):
    """vgpu-contract.rst ts-advance: T jumps while the OA unit is off and
    the write is ignored while it is on."""
    qt = QTest(qemu)
    qt.step(1000)
    t0 = ts_of(qt.now)
    eq(qt.rd(RING_TIMESTAMP), t0 & 0xffffffff, 'RING_TIMESTAMP before')
    qt.ctl_wr(CTL_TS_ADVANCE, 0x10000000)
    eq(qt.ctl(CTL_TS_ADVANCE), 0, 'reads 0')
    eq(qt.rd(RING_TIMESTAMP), (t0 + 0x10000000) & 0xffffffff, 'T jumped')
    buf = OABuffer(qt)
    start(qt, buf, 0, 4)
    qt.ctl_wr(CTL_TS_ADVANCE, 0x1000)
    eq(qt.rd(RING_TIMESTAMP), (ts_of(qt.now) + 0x10000000) & 0xffffffff,
       'ignored while the OA unit is enabled')
    stop(qt)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def enable_msi(qt):
    cap = qt.cfg_readl(0x34) & 0xff
    while cap and qt.cfg_readl(cap) & 0xff != 0x05:
        cap = (qt.cfg_readl(cap) >> 8) & 0xff
    assert cap, 'no MSI capability'
    qt.cfg_writel(cap + 4, 0xfee00000)
    qt.cfg_writel(cap + 8, 0)
    qt.cfg_writel(cap + 12, 0x4041)
    qt.cfg_writel(cap, (qt.cfg_readl(cap) & 0xffff) | (1 << 16))


def test_interrupt_faults(qemu):
    """vgpu-contract.rst spurious-irqs (MSIs with no cause bit anywhere)
    and irq-storm (OA interrupt events 20 us apart, each re-raised once
    the handler has acknowledged the last)."""
    qt = QTest(qemu)
    enable_msi(qt)
    qt.wr(GT_IMR(3), ~HALF_FULL & 0xffffffff)
    qt.wr(GT_IER(3), HALF_FULL)
    qt.wr(MASTER_IRQ, 1 << 31)
    qt.ctl_wr(CTL_SPURIOUS_IRQS, 7)
    eq(qt.ctl(CTL_MSIS), 7, 'seven MSIs')
    eq(qt.rd(GT_IIR(3)), 0, 'no cause bit')
    eq(qt.rd(MASTER_IRQ) & 0x7fffffff, 0, 'nothing pending in the master')
    eq(qt.ctl(CTL_SPURIOUS_IRQS), 0, 'spurious-irqs reads 0')
    # a stray write of a huge count sends 65536, not 4 billion
    qt.ctl_wr(CTL_SPURIOUS_IRQS, 0xffffffff)
    eq(qt.ctl(CTL_MSIS), 7 + 65536, 'spurious-irqs cut to 65536')
    base = 7 + 65536
    qt.ctl_wr(CTL_IRQ_STORM, 3)
    eq(qt.ctl(CTL_IRQ_STORM), 3, 'storm pending')
    for i in range(3):
        qt.step(20000)
        eq(qt.rd(GT_IIR(3)), HALF_FULL, 'storm event %d latched' % i)
        eq(qt.ctl(CTL_MSIS), base + 1 + i, 'storm event %d: one MSI' % i)
        # i915-style handler: master off, ack, master on
        qt.wr(MASTER_IRQ, 0)
        qt.wr(GT_IIR(3), HALF_FULL)
        qt.wr(MASTER_IRQ, 1 << 31)
    eq(qt.ctl(CTL_IRQ_STORM), 0, 'storm over')
    qt.step(100000)
    eq(qt.ctl(CTL_MSIS), base + 3, 'no event after the storm')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_forcewake_stuck(qemu):
    """vgpu-contract.rst forcewake-stuck: while set, no domain acknowledges
    a wake request; cleared, the acks show the requests again."""
    qt = QTest(qemu)
    qt.ctl_wr(CTL_FW_STUCK, 1)
    eq(qt.ctl(CTL_FW_STUCK), 1, 'in effect')
    qt.wr(FW_RENDER, 0x00010001)
    eq(qt.rd(FW_ACK_RENDER) & 1, 0, 'no ack while stuck')
    qt.ctl_wr(CTL_FW_STUCK, 0)
    eq(qt.rd(FW_ACK_RENDER) & 1, 1, 'the pending wake acked once released')
    qt.wr(FW_RENDER, 0x00010000)
    eq(qt.rd(FW_ACK_RENDER) & 1, 0, 'release acked')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_monitor_fault_knobs(qemu):
    """The control page's fault knobs are QOM properties of the device, so
    QEMU's monitor injects the same faults (qom-set/qom-get)."""
    with tempfile.TemporaryDirectory() as tmp:
        qt = QTest(qemu, ',id=gpu0', monitor=os.path.join(tmp, 'mon'))
        buf = OABuffer(qt)
        ts0 = first_ts(start(qt, buf, 0, 4), 32)
        qt.hmp('qom-set /machine/peripheral/gpu0 drop-reports 5')
        eq(qt.ctl(CTL_DROP), 5, 'qom-set wrote the control page knob')
        out = qt.hmp('qom-get /machine/peripheral/gpu0 drop-reports')
        # the answer is the line before the prompt, after the echo
        eq(out.replace('\r', '').split('\n')[-2].strip(), '5',
           'qom-get reads it')
        qt.step(100000)
        eq(qt.ctl(CTL_DROPPED), 5, 'five reports dropped')
        eq(qt.rd(OASTATUS) & ST_REPORT_LOST, ST_REPORT_LOST, 'REPORT_LOST')
        n = (qt.rd(OATAILPTR) - buf.base) // 64
        check_reports(buf, 0, 0, n, ts0 + 5 * 32, 32)
        qt.hmp('qom-set /machine/peripheral/gpu0 lose-writes 1')
        eq(qt.ctl(CTL_LOSE_WRITES), 1, 'lose-writes through the monitor')
        qt.step(100000)
        eq(qt.ctl(CTL_LOSE_WRITES), 0, 'consumed')
        qt.close()


def test_force_overflow(qemu):
    qt = QTest(qemu)
    buf = OABuffer(qt)
    start(qt, buf, 0, 4)
    qt.step(10000)
    tail = qt.rd(OATAILPTR)
    qt.ctl_wr(CTL_FORCE_OVF, 1)
    qt.step(100000)
    eq(qt.rd(OATAILPTR), tail, 'no reports while forced full')
    eq(qt.rd(OASTATUS) & ST_BUFFER_OVERFLOW, ST_BUFFER_OVERFLOW, 'overflow')
    eq(qt.ctl(CTL_FORCE_OVF), 1, 'in effect')
    stop(qt)
    ts_en = start(qt, buf, 0, 4)            # reprogram: OABUFFER write
    eq(qt.ctl(CTL_FORCE_OVF), 0, 'ended by OABUFFER write')
    qt.step(10000)
    n = (qt.rd(OATAILPTR) - buf.base) // 64
    check_reports(buf, 0, 0, n, first_ts(ts_en, 32), 32)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_stall_tail(qemu):
    qt = QTest(qemu)
    buf = OABuffer(qt)
    ts0 = first_ts(start(qt, buf, 0, 4), 32)
    qt.step(10000)
    tail = qt.rd(OATAILPTR)
    qt.ctl_wr(CTL_STALL, 1)
    qt.step(100000)
    eq(qt.rd(OATAILPTR), tail, 'tail stalled')
    qt.ctl_wr(CTL_STALL, 0)
    n = (ts_of(qt.now) - ts0) // 32 + 1
    eq(qt.rd(OATAILPTR) - buf.base, n * 64, 'real tail published')
    check_reports(buf, 0, 0, n, ts0, 32)
    qt.close()


def test_tail_race(qemu):
    qt = QTest(qemu)
    buf = OABuffer(qt)
    ts0 = first_ts(start(qt, buf, 0, 4), 32)
    qt.ctl_wr(CTL_TAIL_RACE, 1)
    qt.step(100000)
    n = (qt.rd(OATAILPTR) - buf.base) // 64
    check_reports(buf, 0, 0, n - 1, ts0, 32)
    eq(buf.read((n - 1) * 64, 64), bytes(64), 'last report not landed yet')
    qt.step(1000)                       # the next batch lands it
    qt.rd(OATAILPTR)
    check_reports(buf, 0, 0, n, ts0, 32)
    qt.close()


def test_torn_write(qemu):
    """The last report of a batch lands its header line with the tail and
    its other 192 bytes right before the next report; stopping the unit
    lands them too."""
    qt = QTest(qemu)
    buf = OABuffer(qt)
    rs = FORMATS[5]
    ts0 = first_ts(start(qt, buf, 5, 4), 32)
    qt.ctl_wr(CTL_TORN_WRITE, 1)
    eq(qt.ctl(CTL_TORN_WRITE), 1, 'torn-write knob')
    qt.step(100000)
    n = (qt.rd(OATAILPTR) - buf.base) // rs
    check_reports(buf, 5, 0, n - 1, ts0, 32)
    want = expected_report(5, ts0 + (n - 1) * 32, SEED, 32, True)
    eq(buf.read((n - 1) * rs, 64), want[:64], 'header line landed')
    eq(buf.read((n - 1) * rs + 64, rs - 64), bytes(rs - 64),
       'rest not landed')
    qt.rd(OATAILPTR)                    # a register access lands nothing
    eq(buf.read((n - 1) * rs + 64, rs - 64), bytes(rs - 64),
       'rest still not landed')
    qt.step(1000000)                    # the next batch lands it
    m = (qt.rd(OATAILPTR) - buf.base) // rs
    eq(m > n, True, 'more reports written (%d, %d)' % (n, m))
    check_reports(buf, 5, 0, m - 1, ts0, 32)
    stop(qt)                            # a stopped unit has nothing in flight
    check_reports(buf, 5, 0, m, ts0, 32)
    qt.ctl_wr(CTL_TORN_WRITE, 0)
    qt.close()


def test_violations(qemu):
    qt = QTest(qemu)
    buf = OABuffer(qt)

    def expect(code, what):
        before = expect.count
        expect.count = qt.ctl(CTL_VIOLATIONS)
        eq(expect.count, before + 1, what + ' counted')
        eq(qt.ctl(CTL_LAST), code, what + ' code')
    expect.count = 0

    qt.wr(OACONTROL, 1)
    expect(12, 'enable without buffer')
    stop(qt)
    qt.wr(OABUFFER, buf.base)
    expect(3, 'OABUFFER without GGTT select')
    qt.wr(OAHEADPTR, buf.base + 8)
    expect(4, 'unaligned head')
    qt.wr(OATAILPTR, buf.base + 4)
    expect(6, 'unaligned tail')
    qt.wr(OACONTROL, 3 << 2)
    expect(11, 'bad counter select')
    qt.wr(OACONTROL, 1 << 8)
    expect(8, 'OACONTROL MBZ')
    qt.wr(OACTXCONTROL, 1 << 9)
    expect(9, 'OACTXCONTROL MBZ')
    qt.wr(OASTATUS, 1 << 5)
    expect(10, 'OASTATUS reserved bit')
    qt.wr(OABUFFER_UDW, 1)
    expect(14, 'OABUFFER_UDW')
    qt.wr(OABUFFER, 0xffff0000 | (1 << 3) | 1)   # 256 KiB at 4 GiB - 64K
    expect(15, 'OABUFFER beyond the 4 GiB GGTT')
    qt.wr(OABUFFER, 0xfffc0000 | (1 << 3) | 1)   # ends exactly at 4 GiB
    eq(qt.ctl(CTL_VIOLATIONS), expect.count, 'buffer ending at 4 GiB')
    qt.wr(OASTATUS, 3 << 16)            # i915 writes the wrap bits as 1
    eq(qt.ctl(CTL_VIOLATIONS), expect.count, 'OASTATUS wrap bits as 1')
    qt.wr(OASTATUS, 2)                  # the overflow bit over a 0: set
    expect(41, 'OASTATUS overflow set by software')
    eq(qt.rd(OASTATUS) & 2, 2, 'the written overflow bit reads back')
    qt.wr(OASTATUS, 0)                  # cleared by writing 0
    eq(qt.rd(OASTATUS) & 2, 0, 'OASTATUS cleared')
    buf.program()
    qt.wr(OATAILPTR, buf.base + buf.size)
    qt.wr(OACONTROL, 1)
    expect(7, 'tail outside buffer at enable')
    qt.wr(OABUFFER, buf.base | 1)
    expect(1, 'OABUFFER while enabled')
    qt.wr(OATAILPTR, buf.base)
    expect(2, 'OATAILPTR while enabled')
    qt.wr(OAHEADPTR, buf.base + buf.size + 64)
    expect(5, 'head outside buffer while enabled')
    qt.wr(OAHEADPTR, buf.base + 64)     # normal consumption: fine
    eq(qt.ctl(CTL_VIOLATIONS), expect.count, 'head advance is legal')
    stop(qt)
    eq(int(qt.cmd('readl 0x%x' % (BAR2 + CTL_VIOLATIONS)), 16),
       expect.count, 'readback')
    qt.close()


def test_ggtt_fault(qemu):
    qt = QTest(qemu)
    buf = OABuffer(qt)
    # unmap the second page; flush so the TLB forgets it
    qt.cmd('writeq 0x%x 0x0' % (GGTT + ((buf.base >> 12) + 1) * 8))
    qt.wr(GFX_FLSH_CNTL, 1)
    ts0 = first_ts(start(qt, buf, 0, 2), 8)
    qt.step(100000)
    eq(qt.rd(OATAILPTR) - buf.base, 4096, 'stops at the unmapped page')
    check_reports(buf, 0, 0, 64, ts0, 8)
    eq(qt.ctl(CTL_LAST), 13, 'GGTT fault code')
    eq(qt.rd(OASTATUS) & ST_REPORT_LOST, ST_REPORT_LOST, 'REPORT_LOST')
    qt.close()


def test_ggtt_tlb(qemu):
    # without GFX_FLSH_CNTL a remapped page still goes to the old frame
    qt = QTest(qemu)
    buf = OABuffer(qt)
    start(qt, buf, 0, 2)
    qt.step(20000)
    stop(qt)
    new = 0x07000000
    qt.cmd('memset 0x%x 0x1000 0' % new)
    qt.cmd('writeq 0x%x 0x%x' % (GGTT + (buf.base >> 12) * 8, new | 1))
    start(qt, buf, 0, 2)
    qt.step(20000)
    stop(qt)
    eq(qt.mem(new, 64), bytes(64), 'stale TLB entry used before flush')
    qt.wr(GFX_FLSH_CNTL, 1)
    ts_en = start(qt, buf, 0, 2)
    qt.step(20000)
    qt.rd(OATAILPTR)                    # observe: lands due reports
    eq(qt.mem(new, 64), expected_report(0, first_ts(ts_en, 8)),
       'new frame after flush')
    qt.close()


def test_msi(qemu):
    qt = QTest(qemu)
    # enable MSI: find the capability, program address/data, enable
    cap = qt.cfg_readl(0x34) & 0xff
    while cap:
        hdr = qt.cfg_readl(cap)
        if hdr & 0xff == 0x05:
            break
        cap = (hdr >> 8) & 0xff
    assert cap, 'no MSI capability'
    qt.cfg_writel(cap + 4, 0xfee00000)
    qt.cfg_writel(cap + 8, 0)
    qt.cfg_writel(cap + 12, 0x4041)
    qt.cfg_writel(cap, (qt.cfg_readl(cap) & 0xffff) | (1 << 16))
    buf = OABuffer(qt)
    qt.wr(GT_IMR(3), ~HALF_FULL & 0xffffffff)
    qt.wr(GT_IER(3), HALF_FULL)
    qt.wr(MASTER_IRQ, 1 << 31)
    start(qt, buf, 2, 0)
    qt.step(1000000)
    eq(qt.ctl(CTL_MSIS), 1, 'one MSI for the half-full event')
    # i915-style handler: master off, ack, master on; nothing new pending
    qt.wr(MASTER_IRQ, 0)
    qt.wr(GT_IIR(3), qt.rd(GT_IIR(3)))
    qt.wr(MASTER_IRQ, 1 << 31)
    eq(qt.ctl(CTL_MSIS), 1, 'no MSI without a new event')
    # an event latched while the master is off fires on re-enable
    qt.wr(MASTER_IRQ, 0)
    qt.wr(OAHEADPTR, qt.rd(OATAILPTR))
    qt.step(1000000)
    eq(qt.rd(GT_IIR(3)), HALF_FULL, 'latched')
    eq(qt.ctl(CTL_MSIS), 1, 'master off: no MSI')
    qt.wr(MASTER_IRQ, 1 << 31)
    eq(qt.ctl(CTL_MSIS), 2, 'MSI on master re-enable')
    qt.close()


def test_reset_state(qemu):
    qt = QTest(qemu)
    eq(qt.rd(GT_IMR(3)), 0xffffffff, 'GT_IMR resets masked')
    eq(qt.rd(GT_IER(3)), 0, 'GT_IER resets disabled')
    eq(qt.rd(OACONTROL), 0, 'OACONTROL')
    eq(qt.rd(OA_IMR), 0, 'OA_IMR')
    qt.close()


def test_misaligned_tail_page_and_buffer_end(qemu):
    # 256-byte reports from a tail 64 bytes past a report boundary cross
    # GGTT pages (mapped to scattered physical pages) and the buffer end:
    # each report is written linearly through the GGTT, nothing lands in
    # the physical page after a mapped one, the tail stays in the buffer
    qt = QTest(qemu)
    buf = OABuffer(qt)
    buf.program()
    start_off = buf.size - 0x140        # 2nd report crosses the end
    qt.wr(OAHEADPTR, buf.base + start_off)
    qt.wr(OATAILPTR, buf.base + start_off)
    qt.wr(OACTXCONTROL, (3 << 2) | 3)   # P = 16 ticks
    qt.wr(OACONTROL, (5 << 2) | 1)
    ts0 = first_ts(qt.ts(), 16)
    qt.step(25000)                      # 300 ticks: 18 reports, 1 page+
    n = (ts_of(qt.now) - ts0) // 16 + 1
    eq(qt.rd(OATAILPTR), buf.base + (start_off + n * 256) % buf.size,
       'tail wrapped inside the buffer')
    check_reports(buf, 5, start_off, n, ts0, 16)
    last = buf.phys[buf.pages - 1]
    eq(qt.mem(last + 4096, 256), bytes(256),
       'no spill past the last mapped page')
    # report 17 (at 0xfc0 after the wrap) also crossed page 0 -> 1
    qt.wr(OACONTROL, 0)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_misaligned_tail_tail_race(qemu):
    # the tail-race knob delays a page-crossing report as a whole
    qt = QTest(qemu)
    buf = OABuffer(qt)
    buf.program()
    off = 4096 - 0x40                   # first report crosses page 0->1
    qt.wr(OAHEADPTR, buf.base + off)
    qt.wr(OATAILPTR, buf.base + off)
    qt.ctl_wr(CTL_TAIL_RACE, 1)
    qt.wr(OACTXCONTROL, (19 << 2) | 3)  # one report per 87 ms
    qt.wr(OACONTROL, (5 << 2) | 1)
    ts0 = first_ts(qt.ts(), 1 << 20)
    due_ns = ts0 * 1000000000 // TS_HZ + 1
    qt.step(due_ns - qt.now)            # the batch timer lands it
    eq(qt.mem(buf.phys[0] + off, 0x40), bytes(0x40), 'not landed (page 0)')
    eq(qt.mem(buf.phys[1], 0xc0), bytes(0xc0), 'not landed (page 1)')
    eq(qt.rd(OATAILPTR), buf.base + off + 256, 'tail published early')
    check_reports(buf, 5, off, 1, ts0, 1 << 20)   # the read landed it
    qt.close()


def test_ring_timestamp_readq(qemu):
    # one 64-bit read returns RING_TIMESTAMP | UDW << 32 = T mod 2^36
    base = (1 << 36) - 5
    qt = QTest(qemu, ts_base=base)
    qt.step(1000)                       # 12 ticks: T crossed 2^36
    got = int(qt.cmd('readq 0x%x' % (BAR0 + RING_TIMESTAMP)), 16)
    eq(got, qt.ts() % (1 << 36), 'readq RING_TIMESTAMP')
    eq(qt.rd(RING_TIMESTAMP) | qt.rd(RING_TIMESTAMP_UDW) << 32,
       qt.ts() % (1 << 36), 'two dword reads')
    # other registers: a readq/writeq is two dword accesses
    qt.cmd('writeq 0x%x 0x%x' % (BAR0 + OASTARTTRIG1, 0x1122334455667788))
    eq(qt.rd(OASTARTTRIG1), 0x55667788, 'writeq low dword')
    eq(qt.rd(OASTARTTRIG1 + 4), 0x11223344, 'writeq high dword')
    eq(int(qt.cmd('readq 0x%x' % (BAR0 + OASTARTTRIG1)), 16),
       0x1122334455667788, 'readq pair')
    qt.close()


def test_period_beyond_2_64(qemu):
    # timestamp-base just below 2^63: exponent 62 (P = 2^63) has exactly
    # one report, at T = 2^63, the next would be at 2^64; exponent 63
    # (P = 2^64) has none
    base = (1 << 63) - 1200
    qt = QTest(qemu, ts_base=base)
    buf = OABuffer(qt)
    qt.wr(OA_DEBUG, NO_CTX_SWITCH)
    start(qt, buf, 0, 62)
    qt.step(10 * 1000 * 1000)           # 120000 ticks
    eq(qt.rd(OATAILPTR), buf.base + 64, 'one report')
    check_reports(buf, 0, 0, 1, 1 << 63, 1 << 63, cs=False)
    qt.step(10 * 1000 * 1000)
    eq(qt.rd(OATAILPTR), buf.base + 64, 'still one report')
    eq(qt.ctl(CTL_DROPPED), 0, 'nothing dropped')
    stop(qt)
    qt.close()

    qt = QTest(qemu, ts_base=base)
    buf = OABuffer(qt)
    qt.wr(OA_DEBUG, NO_CTX_SWITCH)
    start(qt, buf, 0, 63)
    qt.step(10 * 1000 * 1000)
    eq(qt.rd(OATAILPTR), buf.base, 'exponent 63: no report')
    eq(qt.ctl(CTL_WRITTEN) + qt.ctl(CTL_DROPPED), 0, 'nothing due')
    qt.close()


def expect_realize_error(qemu, props, words):
    p = subprocess.run(
        [qemu, '-M', 'q35', '-accel', 'qtest', '-nodefaults',
         '-L', '/usr/share/seabios', '-L', '/usr/share/qemu',
         '-display', 'none', '-device', 'intel-oa-gpu' + props],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, timeout=30)
    if p.returncode == 0 or not all(w in p.stderr for w in words):
        raise AssertionError('%s: rc %d, stderr %r' %
                             (props, p.returncode, p.stderr))


def test_property_validation(qemu):
    expect_realize_error(qemu, ',device-id=0x1234',
                         ['unsupported device-id 0x1234', '0x1912'])
    expect_realize_error(qemu, ',timestamp-base=%d' % (1 << 63),
                         ['timestamp-base', 'below 2^63'])
    qt = QTest(qemu, ts_base=(1 << 63) - 1)   # the largest accepted
    eq(qt.cfg_readl(0x00), 0x19128086, 'realized')
    qt.close()


def test_intx_level(qemu):
    # without MSI the interrupt is a level on INTx pin A (PCI status
    # bit 3 mirrors it): it drops when IIR is acked or the master is off
    qt = QTest(qemu)
    intx = lambda: (qt.cfg_readl(0x04) >> 19) & 1
    buf = OABuffer(qt)
    qt.wr(GT_IMR(3), ~HALF_FULL & 0xffffffff)
    qt.wr(GT_IER(3), HALF_FULL)
    qt.wr(MASTER_IRQ, 1 << 31)
    start(qt, buf, 2, 0)
    eq(intx(), 0, 'idle')
    qt.step(1000000)
    eq(qt.rd(GT_IIR(3)), HALF_FULL, 'latched')
    eq(intx(), 1, 'INTx asserted')
    qt.wr(MASTER_IRQ, 0)
    eq(intx(), 0, 'master off drops INTx')
    qt.wr(MASTER_IRQ, 1 << 31)
    eq(intx(), 1, 'master on: still pending, asserted again')
    qt.wr(GT_IER(3), 0)
    eq(intx(), 0, 'IER off drops INTx')
    qt.wr(GT_IER(3), HALF_FULL)
    eq(intx(), 1, 'IER on asserts')
    qt.wr(GT_IIR(3), HALF_FULL)
    eq(intx(), 0, 'IIR ack drops INTx')
    eq(qt.ctl(CTL_MSIS), 0, 'no MSI without MSI enabled')
    # with MSI on the pin stays low; turning MSI off hands the still
    # pending level back to INTx
    cap = msi_cap(qt)
    qt.cfg_writel(cap + 4, 0xfee00000)
    qt.cfg_writel(cap + 8, 0)
    qt.cfg_writel(cap + 12, 0x4041)
    qt.cfg_writel(cap, (qt.cfg_readl(cap) & 0xffff) | (1 << 16))
    qt.wr(OAHEADPTR, qt.rd(OATAILPTR))
    qt.step(1000000)
    eq(qt.rd(GT_IIR(3)), HALF_FULL, 'latched again')
    eq(qt.ctl(CTL_MSIS), 1, 'one MSI')
    eq(intx(), 0, 'INTx low while MSI is on')
    qt.cfg_writel(cap, qt.cfg_readl(cap) & 0xffff)
    eq(intx(), 1, 'MSI off: INTx carries the pending level')
    qt.wr(GT_IIR(3), HALF_FULL)
    eq(intx(), 0, 'IIR ack drops INTx')
    qt.close()


def msi_cap(qt):
    cap = qt.cfg_readl(0x34) & 0xff
    while cap:
        hdr = qt.cfg_readl(cap)
        if hdr & 0xff == 0x05:
            return cap
        cap = (hdr >> 8) & 0xff
    raise AssertionError('no MSI capability')


def test_migration(qemu):
    # migrate a running unit with a held-back (tail-race) report that
    # crosses a page, then check that the destination lands it, keeps
    # its batching timer, statistics, violation log and register state
    with tempfile.TemporaryDirectory() as tmp:
        image = os.path.join(tmp, 'image')
        qt = QTest(qemu, monitor=os.path.join(tmp, 'src'))
        buf = OABuffer(qt)
        period = 1 << 20                # exponent 19: every slice
        off = 4096 - 0x40               # report 0 crosses page 0 -> 1
        buf.program()
        qt.wr(OAHEADPTR, buf.base + off)
        qt.wr(OATAILPTR, buf.base + off)
        qt.ctl_wr(CTL_TAIL_RACE, 1)
        qt.wr(OACTXCONTROL, (19 << 2) | 3)
        qt.wr(OACONTROL, (5 << 2) | 1)
        ts0 = first_ts(qt.ts(), period)
        qt.wr(OAHEADPTR, buf.base + off + 8)    # violation 4
        qt.wr(OAHEADPTR, buf.base + off)
        qt.wr(0x5000, 0x1234)           # unimplemented-register store
        qt.wr(GT_IMR(3), 0x12345678)
        qt.step(ts0 * 1000000000 // TS_HZ + 1 - qt.now)
        eq(qt.mem(buf.phys[1], 0xc0), bytes(0xc0), 'held back (source)')
        now = qt.now
        out = qt.hmp('migrate "exec:cat > %s"' % image)
        for _ in range(600):
            info = qt.hmp('info migrate')
            if 'Migration status: completed' in info:
                break
            if 'failed' in info:
                raise AssertionError('migration failed: ' + out + info)
            time.sleep(0.05)
        else:
            raise AssertionError('migration did not complete: ' + info)
        qt.close()

        qt = QTest(qemu, monitor=os.path.join(tmp, 'dst'),
                   args=['-incoming', 'exec:cat %s' % image])
        buf.qt = qt                     # same pages, new process
        # the qtest accelerator's clock is not migrated: catch it up
        qt.step(now - qt.now)
        eq(qt.mem(buf.phys[1], 0xc0), bytes(0xc0), 'held back (dest)')
        eq(qt.ctl(CTL_VIOLATIONS), 1, 'violations')
        eq(qt.ctl(CTL_LAST), 4, 'last violation')
        eq(qt.ctl(CTL_TAIL_RACE), 1, 'tail-race knob')
        eq(qt.rd(0x5000), 0x1234, 'unimplemented register')
        eq(qt.rd(GT_IMR(3)), 0x12345678, 'GT_IMR(3)')
        eq(qt.rd(OATAILPTR), buf.base + off + 256, 'tail')
        check_reports(buf, 5, off, 1, ts0, period)  # landed on the read
        eq(qt.ctl(CTL_WRITTEN), 1, 'reports written')
        qt.ctl_wr(CTL_TAIL_RACE, 0)
        # the migrated timer lands report 1 at its due time, no MMIO
        qt.step((ts0 + period) * 1000000000 // TS_HZ + 1 - qt.now)
        eq(buf.read(off + 256, 256),
           expected_report(5, ts0 + period, period=period),
           'report 1 landed by the migrated timer')
        qt.close()

# ---- every platform of platforms.rst --------------------------------------

def platform_table():
    """The rows of include/intel_oa_platforms.h (scripts/platforms --json):
    the platform table the device model compiles in. The tests check that
    the device exposes each row's facts through the registers the PRM and
    i915 define; what a generation looks like is written here."""
    top = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))
    out = subprocess.run([os.path.join(top, 'scripts', 'platforms'),
                          '--json'], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)['rows']


TABLE = platform_table()

# NOA power by family (QTest.noa_power_reg())
GDT_CHICKEN_BITS, RPM_CONFIG1 = 0x9840, 0x0d04
NOA_POWER = dict([(f, (GDT_CHICKEN_BITS, 0x80))
                  for f in ('HSW', 'BDW', 'CHV', 'GEN9', 'GEN9_LP')] +
                 [(f, (RPM_CONFIG1, 0x200))
                  for f in ('GEN11', 'GEN12', 'DG1', 'DG2', 'MTL')])

# Gen8-12 rows: name, PCI id, gen, fuse variant, (slices, subslices, EUs
# per subslice), timestamp Hz, (RP0, RP1, RPn) MHz, GPU_TICKS ratio R
GEN8_FAMILIES = {'BDW': (8, 'gen8'), 'CHV': (8, 'chv'), 'GEN9': (9, 'gen9'),
                 'GEN9_LP': (9, 'gen9'), 'GEN11': (11, 'gen11'),
                 'GEN12': (12, 'gen12'), 'DG1': (12, 'gen12')}
PLATFORMS = [(r['name'], r['devid']) + GEN8_FAMILIES[r['family']] +
             ((r['slices'], r['subslices'], r['eus']), r['oa_hz'],
              (r['rp0'], r['rp1'], r['rpn']), r['ticks'])
             for r in TABLE if r['family'] in GEN8_FAMILIES]
GEN9_LP = tuple(r['name'] for r in TABLE if r['family'] == 'GEN9_LP')

# OA register blocks (platforms.rst "OA unit per generation")
LEGACY_OA = dict(control=0x2b00, timer=0x2360, debug=0x2b04, status=0x2b08,
                 head=0x2b0c, tail=0x2b10, buffer=0x2b14, udw=0x23b4)
OAG = dict(control=0xdaf4, timer=0x2b28, debug=0xdaf8, status=0xdafc,
           head=0xdb00, tail=0xdb04, buffer=0xdb08, udw=None)
OA_TLB_INV_CR = 0xceec


def plat(name):
    return next(p for p in PLATFORMS if p[0] == name)


def popcount(x):
    return bin(x).count('1')


def decode_topology(qt, name, fuse):
    """(slices, subslices per slice, EUs per subslice) as i915's
    intel_sseu.c derives them from the fuse registers."""
    if fuse == 'gen8':
        f2 = qt.rd(0x9120)
        s_en, ss_dis = (f2 >> 25) & 7, (f2 >> 21) & 7
        eu_dis = qt.rd(0x9134) | qt.rd(0x9138) << 32 | qt.rd(0x913c) << 64
        ss = [i for i in range(3) if not ss_dis & (1 << i)]
        eus = {8 - popcount((eu_dis >> (24 * s + 8 * i)) & 0xff)
               for s in range(3) if s_en & (1 << s) for i in ss}
        return popcount(s_en), len(ss), eus
    if fuse == 'chv':
        f = qt.rd(0x182168)
        ss = [i for i in range(2) if not f & (1 << (10 + i))]
        eus = {8 - popcount((f >> (16 + 8 * i)) & 0xff) for i in ss}
        return 1, len(ss), eus
    if fuse == 'gen9':
        f2 = qt.rd(0x9120)
        ss_max = 3 if name in GEN9_LP else 4
        s_en, ss_dis = (f2 >> 25) & 7, (f2 >> 20) & 0xf
        ss = [i for i in range(ss_max) if not ss_dis & (1 << i)]
        eus = {8 - popcount((qt.rd(0x9134 + 4 * s) >> (8 * i)) & 0xff)
               for s in range(3) if s_en & (1 << s) for i in ss}
        return popcount(s_en), len(ss), eus
    if fuse == 'gen11':
        return (popcount(qt.rd(0x9138) & 0xff),
                popcount(~qt.rd(0x913c) & 0xff),
                {8 - popcount(qt.rd(0x9134) & 0xff)})
    return 1, popcount(qt.rd(0x913c)), {2 * (8 - popcount(qt.rd(0x9134) &
                                                           0xff))}


def decode_ts_hz(qt, name, gen):
    """i915 intel_gt_clock_utils.c."""
    if gen == 8:
        return 12500000
    ctc = qt.rd(0xa26c)
    eq(ctc & 1, 0, name + ' CTC_MODE crystal source')
    if gen == 9:
        xtal = 19200000 if name in GEN9_LP else 24000000
        return xtal >> (3 - ((ctc >> 1) & 3))
    rpm = qt.rd(0x0d00)
    xtal = {0: 24000000, 1: 19200000, 2: 38400000, 3: 25000000}[
        (rpm >> 3) & 7]
    return xtal >> (3 - ((rpm >> 1) & 3))


def test_platforms(qemu):
    for name, devid, gen, fuse, topo, hz, rp, ratio in PLATFORMS:
        qt = QTest(qemu, ',device-id=0x%x' % devid)
        eq(qt.cfg_readl(0x00), devid << 16 | 0x8086, name + ' id')
        eq(qt.cfg_readl(0x08) & 0xff, 0x07 if name == 'skl' else 0x01,
           name + ' revision')
        eq(qt.cfg_readl(0x2c), 0x11001af4, name + ' subsystem')
        # GMCH_CTRL GGMS: 8 MiB of PTEs, log2 in 9:8 on chv, 7:6 else
        eq(qt.cfg_readl(0x50) & 0xffff, 3 << (8 if name == 'chv' else 6),
           name + ' GMCH_CTRL')
        s, ss, eus = decode_topology(qt, name, fuse)
        eq((s, ss, eus), (topo[0], topo[1], {topo[2]}), name + ' topology')
        eq(decode_ts_hz(qt, name, gen), hz, name + ' timestamp clock')
        if name in GEN9_LP:
            cap = qt.rd(0x138170)
            got = ((cap >> 16) & 0xff, (cap >> 8) & 0xff, cap & 0xff)
        else:
            cap = qt.rd(0x145998)
            got = (cap & 0xff, (cap >> 8) & 0xff, (cap >> 16) & 0xff)
        eq(tuple(50 * v for v in got), rp, name + ' RP0/RP1/RPn')
        gpu_hz = ratio * hz
        if gen == 8:
            eq((qt.rd(0xa01c) >> 7) & 0x7f, gpu_hz // 50000000,
               name + ' RPSTAT1 CAGF (50 MHz)')
        else:
            cagf = qt.rd(0x1381b4 if gen == 12 else 0xa01c) >> (
                11 if gen == 12 else 23)
            eq(cagf & 0x1ff, gpu_hz * 3 // 50000000,
               name + ' CAGF (50/3 MHz)')
        assert rp[2] * 10**6 <= gpu_hz <= rp[0] * 10**6, name + ' GPU clock'
        eq(qt.ctl(CTL_RATIO), ratio, name + ' ratio')
        qt.step(10**9)
        eq(qt.rd(RING_TIMESTAMP), qt.now * hz // 10**9 & 0xffffffff,
           name + ' RING_TIMESTAMP')
        eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' violations')
        qt.close()


def start_block(qt, buf, regs, fmt, exponent):
    """i915's init_oa_buffer + enable order on either register block."""
    qt.wr(regs['status'], 0)
    qt.wr(regs['head'], buf.base)
    if regs['udw']:
        qt.wr(regs['udw'], 0)
    qt.wr(regs['buffer'], buf.base | (buf.size_sel << 3) | 1)
    qt.wr(regs['tail'], buf.base)
    qt.wr(regs['timer'], (exponent << 2) | 3)
    qt.wr(regs['control'], (fmt << 2) | 1)


def test_context_switch_every_platform(qemu):
    # exponent 14 (2^15 ticks) over three slice boundaries: every report
    # carries its slice's context, the ones on a boundary both reasons
    for name, devid, gen, fuse, topo, hz, rp, ratio in PLATFORMS:
        qt = QTest(qemu, ',device-id=0x%x' % devid)
        buf = OABuffer(qt)
        regs = OAG if gen == 12 else LEGACY_OA
        period = 1 << 15
        qt.step(3 * CTX_SLICE * 10**9 // hz)
        ts_en = qt.now * hz // 10**9
        start_block(qt, buf, regs, 5, 14)
        ts0 = first_ts(ts_en, period)
        qt.step(3 * CTX_SLICE * 10**9 // hz)
        n = (qt.now * hz // 10**9 - ts0) // period + 1
        eq(qt.rd(regs['tail']) - buf.base, n * 256, name + ' tail')
        check_reports(buf, 5, 0, n, ts0, period,
                      ctx_valid_bit=25 if gen == 8 else 16, ratio=ratio)
        eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' violations')
        qt.close()


def noa_power_case(qt, name, hz, regs, b0):
    """Reports every 2^15 ticks over three NOA periods: on, off, on. Every
    report's A0 follows T; B0..B7 and C0..C7 (counters b0 .. b0 + 15, at
    dwords 48..63 of format 5) hold their values of the power-off while
    the network is off, and follow T again once it is on."""
    reg, bit = qt.noa_power_reg()
    eq(qt.rd(reg), bit, name + ' NOA powered, as by a metric set')
    buf = OABuffer(qt)
    period = 1 << 15

    def now():
        return qt.now * hz // 10**9

    ts_en = now()
    start_block(qt, buf, regs, 5, 14)
    qt.step(4 * period * 10**9 // hz)
    qt.power_noa(False)
    t_off = now()
    eq(qt.rd(reg), 0, name + ' NOA off')
    qt.step(4 * period * 10**9 // hz)
    qt.power_noa(True)
    t_on = now()
    qt.step(4 * period * 10**9 // hz)
    n = (qt.rd(regs['tail']) - buf.base) // 256
    frozen = 0
    for i in range(n):
        dw = struct.unpack('<64I', buf.read(i * 256, 256))
        T = dw[1]
        eq(dw[4], counter(0, T), '%s A0 at T %d' % (name, T))
        t_b = t_off if t_off < T <= t_on else T
        frozen += t_b != T
        eq(list(dw[48:64]), [counter(b0 + j, t_b) for j in range(16)],
           '%s B and C at T %d (NOA off %d..%d)' % (name, T, t_off, t_on))
    eq(frozen >= 3 and n - frozen >= 6, True,
       '%s: %d of %d reports in the off period' % (name, frozen, n))
    eq(first_ts(ts_en, period) <= t_off, True, name + ' reports before off')
    eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' violations')
    qt.close()


def test_noa_power(qemu):
    # GDT_CHICKEN_BITS bit 7 (Gen9), RPM_CONFIG1 bit 9 (Gen12, Gen12.5):
    # the NOA network feeds the B and C counters (i915 and xe power it
    # down at every stream's end; a metric set powers it)
    for name, devid, gen, fuse, topo, hz, rp, ratio in PLATFORMS:
        if name in ('skl', 'tgl'):
            qt = QTest(qemu, ',device-id=0x%x' % devid)
            noa_power_case(qt, name, hz, OAG if gen == 12 else LEGACY_OA,
                           36)
    noa_power_case(xehp_qt(qemu), 'dg2-g10', XEHP_OA_HZ, OAG, 38)
    # reset: off, so the B and C counters hold S_k until a set powers it
    qt = QTest(qemu, noa=False)
    eq(qt.rd(0x9840), 0, 'GDT_CHICKEN_BITS resets 0')
    buf = OABuffer(qt)
    start_block(qt, buf, LEGACY_OA, 5, 14)
    qt.step(2 * (1 << 15) * 10**9 // TS_HZ)
    dw = struct.unpack('<64I', buf.read(0, 256))
    eq(dw[4], counter(0, dw[1]), 'A0 counts')
    eq(list(dw[48:64]), [counter(36 + j, 0) for j in range(16)],
       'B and C never powered')
    qt.close()


def test_context_switch_schedule(qemu):
    # skl, timer off: only the context-switch reports, one per slice,
    # with the contract's IDs 0x1a0, 0x2b0, 0x3c0, idle (valid bit clear)
    qt = QTest(qemu)
    buf = OABuffer(qt)
    buf.program()
    qt.wr(OACTXCONTROL, 0)
    qt.wr(OACONTROL, (0 << 2) | 1)
    ts_en = qt.ts()
    qt.step(9 * CTX_SLICE * 10**9 // TS_HZ)
    n = (qt.ts() - first_ts(ts_en, CTX_SLICE)) // CTX_SLICE + 1
    eq(qt.rd(OATAILPTR) - buf.base, n * 64, 'one report per slice')
    seen = []
    for i in range(n):
        dw = struct.unpack('<4I', buf.read(i * 64, 16))
        T = first_ts(ts_en, CTX_SLICE) + i * CTX_SLICE
        eq(dw[1], T, 'boundary timestamp')
        eq(dw[0] & (0x3f << 19), REASON_CTX_SWITCH << 19, 'reason')
        eq(dw[2], CTX_IDS[(T >> 20) % 4], 'ctx id')
        eq(bool(dw[0] & (1 << 16)), dw[2] != 0, 'ctx valid bit')
        seen.append(dw[2])
    eq(set(seen), set(CTX_IDS), 'every phase')
    # OA_DEBUG bit 1 stops them: no report at all without the timer
    qt.wr(OA_DEBUG, NO_CTX_SWITCH)
    tail = qt.rd(OATAILPTR)
    qt.step(3 * CTX_SLICE * 10**9 // TS_HZ)
    eq(qt.rd(OATAILPTR), tail, 'OA_DEBUG bit 1: no context-switch report')
    # and with the timer the reports still carry the context of T
    qt.wr(OACONTROL, 0)
    buf.program()
    qt.wr(OACTXCONTROL, (17 << 2) | 3)
    qt.wr(OACONTROL, (0 << 2) | 1)
    ts0 = first_ts(qt.ts(), 1 << 18)
    qt.step(2 * CTX_SLICE * 10**9 // TS_HZ)
    n = (qt.ts() - ts0) // (1 << 18) + 1
    check_reports(buf, 0, 0, n, ts0, 1 << 18, cs=False)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_gen8_context_switch_always(qemu):
    # Broadwell has no OA_DEBUG: 0x2b04 is a plain register there and
    # context-switch reports cannot be turned off; context valid is bit 25
    name, devid, gen, fuse, topo, hz, rp, ratio = plat('bdw')
    qt = QTest(qemu, ',device-id=0x%x' % devid)
    buf = OABuffer(qt)
    qt.wr(OA_DEBUG, NO_CTX_SWITCH)
    qt.step(CTX_SLICE * 10**9 // hz)
    ts_en = qt.now * hz // 10**9
    start_block(qt, buf, LEGACY_OA, 2, 63)      # timer never fires
    qt.step(5 * CTX_SLICE * 10**9 // hz)
    ts0 = first_ts(ts_en, CTX_SLICE)
    n = (qt.now * hz // 10**9 - ts0) // CTX_SLICE + 1
    eq(qt.rd(LEGACY_OA['tail']) - buf.base, n * 128, 'reports')
    check_reports(buf, 2, 0, n, ts0, 0, ctx_valid_bit=25, ratio=ratio)
    qt.close()


def test_gen12_oag(qemu):
    name, devid, gen, fuse, topo, hz, rp, ratio = plat('tgl')
    qt = QTest(qemu, ',device-id=0x%x' % devid)

    def expect(code, what):
        before = expect.count
        expect.count = qt.ctl(CTL_VIOLATIONS)
        eq(expect.count, before + 1, what + ' counted')
        eq(qt.ctl(CTL_LAST), code, what + ' code')
    expect.count = 0

    buf = OABuffer(qt)
    qt.wr(OAG['control'], (5 << 2) | 1)
    expect(12, 'OAG enabled before OAG_OABUFFER')
    qt.wr(OAG['control'], 0)            # the disable: select 0 is fine
    eq(qt.ctl(CTL_VIOLATIONS), expect.count, 'disable with select 0')
    qt.wr(OA_TLB_INV_CR, 1)
    eq(qt.rd(OA_TLB_INV_CR) & 1, 0, 'TLB invalidation completes at once')
    # the legacy block does not exist: writes ignored, reads 0
    for reg in (0x2b00, 0x2b04, 0x2b08, 0x2b0c, 0x2b10, 0x2b14, 0x2b20):
        qt.wr(reg, 0x40)
        expect(18, 'write to legacy 0x%x' % reg)
        eq(qt.rd(reg), 0, 'legacy 0x%x reads 0' % reg)
    # 0x2360 stays: Gen12's OACTXCONTROL, the render context's
    qt.wr(0x2360, 1)
    eq(qt.ctl(CTL_VIOLATIONS), expect.count, 'GEN12_OACTXCONTROL exists')
    eq(qt.rd(0x2360), 1, 'GEN12_OACTXCONTROL holds its value')
    qt.wr(0x2360, 0)
    qt.wr(OAG['status'], 1 << 3)
    expect(10, 'OAG_OASTATUS bit 3 is reserved')
    # the OA unit's interrupt mask moved with the block (GEN12_OA_IMR)
    qt.wr(OAG_OA_IMR, HALF_FULL)
    eq(qt.rd(OAG_OA_IMR), HALF_FULL, 'OA_IMR at 0xdb14')
    qt.wr(OAG_OA_IMR, 0)
    eq(qt.ctl(CTL_VIOLATIONS), expect.count, 'OA_IMR at 0xdb14 exists')

    # a format-5 stream with timer and context-switch reports
    period = 1 << 16
    qt.step(CTX_SLICE * 10**9 // hz)
    ts_en = qt.now * hz // 10**9
    start_block(qt, buf, OAG, 5, 15)
    eq(qt.ctl(CTL_VIOLATIONS), expect.count, 'i915 gen12 sequence')
    ts0 = first_ts(ts_en, period)
    qt.step(2 * CTX_SLICE * 10**9 // hz)
    n = (qt.now * hz // 10**9 - ts0) // period + 1
    eq(qt.rd(OAG['tail']) - buf.base, n * 256, 'tail')
    check_reports(buf, 5, 0, n, ts0, period, ratio=ratio)
    boundary = [i for i in range(n) if (ts0 + i * period) % CTX_SLICE == 0]
    assert boundary, 'a slice boundary in the run'
    for i in boundary:
        rpt = struct.unpack('<I', buf.read(i * 256, 4))[0]
        eq((rpt >> 19) & 0x7f, REASON_TIMER | REASON_CTX_SWITCH,
           'one combined report at the boundary')
    # OA_DEBUG (0xdaf8) bit 1 stops context-switch reports
    qt.wr(OAG['debug'], NO_CTX_SWITCH)
    eq(qt.rd(OAG['debug']), 2, 'OAG_OA_DEBUG')
    qt.wr(OAG['control'], 0)
    # reprogramming the buffer needs an OA TLB invalidation first
    qt.wr(OAG['buffer'], buf.base | 1)
    expect(17, 'OAG_OABUFFER without OA_TLB_INV_CR')
    qt.wr(OAG['control'], 0)
    qt.wr(OA_TLB_INV_CR, 1)
    qt.wr(OAG['buffer'], buf.base | 1)
    eq(qt.ctl(CTL_VIOLATIONS), expect.count, 'after invalidation')
    qt.wr(OAG['control'], (2 << 2) | 1)
    expect(16, 'OAG enabled with select 2')
    qt.wr(OAG['control'], 0)
    qt.wr(OA_TLB_INV_CR, 1)
    # Gen12 B counters live at the OAG offsets
    qt.wr(0xd900, 0x11)
    qt.wr(0xd97c, 0x22)
    eq((qt.rd(0xd900), qt.rd(0xd97c)), (0x11, 0x22), 'OAG B counters')
    qt.close()


# Gen11+ interrupt registers (platforms.rst)
DG1_MSTR_TILE_INTR, GFX_MSTR_IRQ = 0x190008, 0x190010
GT_INTR_DW0, INTR_IDENTITY_REG0 = 0x190018, 0x190060
IIR_REG_SELECTOR0 = 0x190070
WGBOXPERF_ENABLE, WGBOXPERF_MASK = 0x19003c, 0x1900ec
WDOAPERF = 1 << 20
OA_DATA = 1 << 12


def enable_msi(qt):
    cap = msi_cap(qt)
    qt.cfg_writel(cap + 4, 0xfee00000)
    qt.cfg_writel(cap + 8, 0)
    qt.cfg_writel(cap + 12, 0x4041)
    qt.cfg_writel(cap, (qt.cfg_readl(cap) & 0xffff) | (1 << 16))


def half_full(qt, regs):
    """Drain, then let the 128 KiB buffer fill past half (format 5,
    exponent 0: 256 reports in about 43 us at 12 MHz) and the next
    batch (at most 1 ms later) raise the event."""
    qt.wr(regs['head'], qt.rd(regs['tail']))
    qt.step(1100000)


def gen11_service(qt, dg1):
    """The seed's ISR: returns (DW0 snapshot, identity)."""
    if dg1:
        qt.wr(DG1_MSTR_TILE_INTR, 0)
        qt.wr(DG1_MSTR_TILE_INTR, qt.rd(DG1_MSTR_TILE_INTR))
        qt.wr(GFX_MSTR_IRQ, qt.rd(GFX_MSTR_IRQ))
    else:
        qt.wr(GFX_MSTR_IRQ, 0)
    dw0 = qt.rd(GT_INTR_DW0)
    qt.wr(IIR_REG_SELECTOR0, WDOAPERF)
    ident = qt.rd(INTR_IDENTITY_REG0)
    qt.wr(INTR_IDENTITY_REG0, 1 << 31)
    return dw0, ident


def gen11_irq(qemu, name):
    _, devid, gen, _, _, hz, _, _ = plat(name)
    dg1 = name == 'dg1'
    regs = OAG if gen == 12 else LEGACY_OA
    qt = QTest(qemu, ',device-id=0x%x' % devid)
    enable_msi(qt)
    master = DG1_MSTR_TILE_INTR if dg1 else GFX_MSTR_IRQ
    eq(qt.rd(WGBOXPERF_MASK), 0xffffffff, 'mask resets masked')
    qt.wr(WGBOXPERF_ENABLE, OA_DATA)
    qt.wr(WGBOXPERF_MASK, ~OA_DATA & 0xffff)
    qt.wr(master, 1 << 31)
    buf = OABuffer(qt)
    start_block(qt, buf, regs, 5, 0)
    qt.step(1100000)
    eq(qt.rd(GT_INTR_DW0), WDOAPERF, 'DW0 bit 20 (WDOAPerf)')
    if dg1:
        eq(qt.rd(DG1_MSTR_TILE_INTR), (1 << 31) | 1, 'tile 0 pending')
        eq(qt.rd(GFX_MSTR_IRQ) & 3, 1, 'DW0 latch')
    else:
        eq(qt.rd(GFX_MSTR_IRQ), (1 << 31) | 1, 'DW0 pending')
    eq(qt.ctl(CTL_MSIS), 1, 'MSI')

    # service; a second event arrives after the identity was cleared
    dw0, ident = gen11_service(qt, dg1)
    eq(dw0, WDOAPERF, 'snapshot')
    eq(ident, (1 << 31) | (2 << 20) | (4 << 16) | OA_DATA,
       'identity: DataValid, WDOAPerf (2), class OTHER (4), data bit 12')
    eq(qt.rd(INTR_IDENTITY_REG0), 0, 'identity cleared')
    half_full(qt, regs)
    eq(qt.rd(GT_INTR_DW0), WDOAPERF, 'IIR unchanged while held')
    qt.wr(GT_INTR_DW0, dw0)
    eq(qt.rd(GT_INTR_DW0), WDOAPERF, 'secondary moved into the IIR')
    eq(qt.ctl(CTL_MSIS), 1, 'no MSI while the master is off')
    if dg1:
        eq(qt.rd(DG1_MSTR_TILE_INTR), 1, 'tile bit latched again')
    qt.wr(master, 1 << 31)
    eq(qt.ctl(CTL_MSIS), 2, 'MSI again on re-enable')
    # service the re-raised event cleanly: nothing pending, no MSI
    dw0, ident = gen11_service(qt, dg1)
    eq(ident & 0xffff, OA_DATA, 'second identity data')
    qt.wr(GT_INTR_DW0, dw0)
    qt.wr(master, 1 << 31)
    eq(qt.ctl(CTL_MSIS), 2, 'no MSI without a new event')
    eq(qt.rd(GT_INTR_DW0), 0, 'IIR empty')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'the seed sequence is clean')

    # PRM-rule violations of the selector/IIR protocol
    qt.wr(IIR_REG_SELECTOR0, WDOAPERF)
    eq(qt.ctl(CTL_LAST), 20, 'selector names a bit not in the IIR')
    half_full(qt, regs)
    eq(qt.rd(GT_INTR_DW0), WDOAPERF, 'third event')
    eq(qt.ctl(CTL_MSIS), 3, 'third MSI')
    qt.wr(IIR_REG_SELECTOR0, WDOAPERF | 1)
    eq(qt.ctl(CTL_LAST), 19, 'selector not one-hot')
    qt.wr(GT_INTR_DW0, WDOAPERF)
    eq(qt.ctl(CTL_LAST), 21, 'IIR cleared without service')
    eq(qt.ctl(CTL_VIOLATIONS), 3, 'three violations')
    # a disabled event is dropped; a masked one waits for the unmask
    qt.wr(WGBOXPERF_MASK, 0xffff)
    half_full(qt, regs)
    eq(qt.rd(GT_INTR_DW0), 0, 'masked: no IIR bit')
    qt.wr(WGBOXPERF_MASK, ~OA_DATA & 0xffff)
    eq(qt.rd(GT_INTR_DW0), WDOAPERF, 'unmask raises the latched event')
    dw0, ident = gen11_service(qt, dg1)
    qt.wr(GT_INTR_DW0, dw0)
    qt.wr(WGBOXPERF_ENABLE, 0)
    half_full(qt, regs)
    eq(qt.rd(GT_INTR_DW0), 0, 'disabled: dropped')
    # the Gen8 banks do not exist here
    eq(qt.rd(MASTER_IRQ), 0, 'no MASTER_IRQ')
    qt.close()


def migrate(qemu, qt, tmp, extra=''):
    """Save @qt's VM to a file and restore it in a new process."""
    image = os.path.join(tmp, 'image')
    now = qt.now
    out = qt.hmp('migrate "exec:cat > %s"' % image)
    for _ in range(600):
        info = qt.hmp('info migrate')
        if 'Migration status: completed' in info:
            break
        if 'failed' in info:
            raise AssertionError('migration failed: ' + out + info)
        time.sleep(0.05)
    else:
        raise AssertionError('migration did not complete: ' + info)
    qt.close()
    qt = QTest(qemu, extra, monitor=os.path.join(tmp, 'dst'),
               args=['-incoming', 'exec:cat %s' % image])
    qt.step(now - qt.now)
    return qt


def test_migration_gen12_dg1(qemu):
    # the tile/DW0 latches, the open IIR snapshot, the held-back event,
    # the interrupt enables and the OAG TLB rule state all migrate
    _, devid, gen, _, _, hz, _, _ = plat('dg1')
    extra = ',device-id=0x%x' % devid
    with tempfile.TemporaryDirectory() as tmp:
        qt = QTest(qemu, extra, monitor=os.path.join(tmp, 'src'))
        enable_msi(qt)
        qt.wr(WGBOXPERF_ENABLE, OA_DATA)
        qt.wr(WGBOXPERF_MASK, ~OA_DATA & 0xffff)
        qt.wr(DG1_MSTR_TILE_INTR, 1 << 31)
        buf = OABuffer(qt)
        start_block(qt, buf, OAG, 5, 0)
        qt.step(1100000)
        eq(qt.ctl(CTL_MSIS), 1, 'MSI (source)')
        qt.wr(DG1_MSTR_TILE_INTR, 0)
        qt.wr(DG1_MSTR_TILE_INTR, qt.rd(DG1_MSTR_TILE_INTR))
        qt.wr(GFX_MSTR_IRQ, qt.rd(GFX_MSTR_IRQ))
        dw0 = qt.rd(GT_INTR_DW0)         # snapshot open
        qt.wr(IIR_REG_SELECTOR0, WDOAPERF)
        qt.wr(INTR_IDENTITY_REG0, 1 << 31)
        half_full(qt, OAG)              # held in secondary storage
        qt.wr(OAG['control'], 0)        # OA TLB now needs invalidating
        qt = migrate(qemu, qt, tmp, extra)
        buf.qt = qt
        eq(qt.rd(WGBOXPERF_ENABLE), OA_DATA, 'enable (dest)')
        eq(qt.rd(WGBOXPERF_MASK), ~OA_DATA & 0xffff, 'mask (dest)')
        eq(qt.rd(DG1_MSTR_TILE_INTR), 0, 'tile (dest)')
        qt.wr(GT_INTR_DW0, dw0)
        eq(qt.rd(GT_INTR_DW0), WDOAPERF, 'secondary moved in (dest)')
        eq(qt.rd(DG1_MSTR_TILE_INTR), 1, 'tile bit latched (dest)')
        qt.wr(DG1_MSTR_TILE_INTR, 1 << 31)
        eq(qt.ctl(CTL_MSIS), 2, 'MSI on re-enable (dest)')
        eq(qt.ctl(CTL_VIOLATIONS), 0, 'no violation so far')
        qt.wr(OAG['buffer'], buf.base | 1)
        eq(qt.ctl(CTL_LAST), 17, 'TLB rule state migrated')
        qt.close()


def test_gen11_interrupts(qemu):
    gen11_irq(qemu, 'icl')


def test_gen12_interrupts(qemu):
    gen11_irq(qemu, 'tgl')


def test_dg1_tile_interrupts(qemu):
    gen11_irq(qemu, 'dg1')


# ---- Gen6-7.5 (Documentation/gen6-gen7.rst) --------------------------------

GEN7_GGTT = BAR0 + 2 * MiB          # 32-bit PTEs from BAR0 + 2 MiB
GEN7_TS_HZ = 12500000
OACONTROL7, OASTATUS1, OASTATUS2, OABUFFER7 = 0x2360, 0x2364, 0x2368, 0x23b0
UCGCTL1, MISCCPCTL, HSW_PAVP_FUSE1 = 0x9400, 0x9424, 0x911c
DEIER, GTISR, GTIMR, GTIIR, GTIER = 0x4400c, 0x44010, 0x44014, 0x44018, \
    0x4401c
ST7_COUNTER_OVERFLOW = 1 << 2
NO_OVERRUN, OVERRUN_STATUS = 1 << 3, 1 << 4

# Gen6/7 rows: name, PCI ID, kind, (slices, subslices, EUs), (RP0, RP1,
# RPn) MHz, forcewake (request, ack, masked) of the family (gen6-gen7.rst)
GEN7_FAMILIES = {
    'SNB': ('snb', (0xa18c, 0x130090, False)),
    'IVB': ('ivb', (0xa188, 0x130040, True)),
    'VLV': ('ivb', (0x1300b0, 0x1300b4, True)),
    'HSW': ('hsw', (0xa188, 0x130044, True)),
}
GEN7_PLATFORMS = [(r['name'], r['devid'], GEN7_FAMILIES[r['family']][0],
                   (r['slices'], r['subslices'], r['eus']),
                   (r['rp0'], r['rp1'], r['rpn']),
                   GEN7_FAMILIES[r['family']][1])
                  for r in TABLE if r['family'] in GEN7_FAMILIES]

FORMATS7 = {
    'snb': {0: 64, 1: 128, 2: 128, 3: 192},
    'ivb': {0: 64, 1: 128, 2: 128, 3: 192, 4: 256, 5: 128},
    'hsw': {0: 64, 1: 128, 2: 128, 3: 192, 4: 64, 5: 256, 6: 128, 7: 64},
}


def gen7_plat(name):
    return next(p for p in GEN7_PLATFORMS if p[0] == name)


def gen7_period(kind, tp):
    """Timer period in ticks: 2^(TP + 4) on SNB, 2^(TP + 1) elsewhere."""
    return 1 << (tp + (4 if kind == 'snb' else 1))


def gen7_buf_size(kind, s):
    return (128 * 1024) << s if kind == 'hsw' else 16 * 1024 * (s + 1)


def gen7_report(kind, sel, T, seed=SEED):
    """The report at timestamp T, dword by dword from the page's tables."""
    dw = [0] * (FORMATS7[kind][sel] // 4)
    A = lambda n: counter(n, T, seed)
    B = lambda i: counter(45 + i, T, seed)
    dw[0] = 1 << 19
    dw[1] = T & 0xffffffff
    dw[2] = (T >> 32) & 0xf
    inst = 0x00400000 + 0x40 * ((T >> 10) % 0x4000)

    def a_up(first, last, at):
        for n in range(first, last + 1):
            dw[at + n - first] = A(n)

    def b_at(at, count):
        for i in range(count):
            dw[at + i] = B(i)

    if kind == 'snb':
        for n in range(13 if sel in (0, 2) else 29):
            # literal seed order: A<n> at DW(7 - n), then DW(16r + 4 - n)
            dw[7 - n if n <= 4 else 16 * ((n + 3) // 8) + 4 - n] = A(n)
        if sel == 2:
            b_at(16, 4)
        if sel == 3:
            b_at(32, 4)
    elif kind == 'ivb':
        last = {0: 12, 1: 28, 2: 12, 3: 28, 4: 44}.get(sel)
        if last is not None:
            a_up(0, last, 3)
        if sel in (2, 3, 4):
            b_at({2: 16, 3: 32, 4: 48}[sel], 4)
        if sel == 5:
            a_up(29, 44, 16)
    else:
        last = {0: 12, 1: 28, 2: 12, 3: 28, 5: 44}.get(sel)
        if last is not None:
            a_up(0, last, 3)
        # C0..C7 (counters 53..60) where i915 and IGT read them
        def c_at(at, count):
            for i in range(count):
                dw[at + i] = counter(53 + i, T, seed)

        if sel in (2, 3, 5):
            b_at({2: 16, 3: 32, 5: 48}[sel], 8)
            c_at({2: 24, 3: 40, 5: 56}[sel], 8)
        if sel in (4, 6, 7):
            dw[3] = inst
        if sel in (4, 6):
            b_at(4, 4)
            c_at(8, 8)
        if sel == 6:
            a_up(29, 44, 16)
        if sel == 7:
            c_at(4, 4)
            b_at(8, 8)
    return struct.pack('<%dI' % len(dw), *dw)


class Gen7Buffer:
    """An OA buffer behind scattered 32-bit GGTT PTEs; programmed by the
    page's sequence. HSW bases are 16 MiB aligned, the others 512 KiB."""

    def __init__(self, qt, kind, s, ggtt=None, phys=0x04000000):
        self.qt, self.kind, self.s = qt, kind, s
        self.base = ggtt if ggtt is not None else (
            0x01000000 if kind == 'hsw' else 0x00480000)
        self.size = gen7_buf_size(kind, s)
        self.pages = self.size // 4096
        self.phys = [phys + ((i * 7) % self.pages) * 4096 * 2
                     for i in range(self.pages)]
        # valid + the cache bits the driver writes (2 << 1); HSW also
        # sets bit 11, a cache-control bit and not an address bit
        extra = (2 << 1) | ((1 << 11) if kind == 'hsw' else 0)
        for i, pa in enumerate(self.phys):
            qt.wr(2 * MiB + ((self.base >> 12) + i) * 4, pa | extra | 1)
        qt.cmd('memset 0x%x 0x%x 0' % (phys, self.pages * 4096 * 2))
        qt.wr(GFX_FLSH_CNTL, 1)

    read = OABuffer.read

    def program(self, no_overrun=False):
        qt = self.qt
        qt.wr(OACONTROL7, 0)
        qt.wr(OASTATUS2, self.base | 1)
        qt.wr(OABUFFER7, self.base | (NO_OVERRUN if no_overrun else 0))
        qt.wr(OASTATUS1, self.base | (self.s << 3))
        qt.wr(UCGCTL1, qt.rd(UCGCTL1) | (1 << 7))
        if self.kind != 'snb':
            qt.wr(MISCCPCTL, qt.rd(MISCCPCTL) & ~1)

    def start(self, sel, tp, no_overrun=False):
        self.program(no_overrun)
        self.qt.wr(OACONTROL7, (tp << 6) | (1 << 5) | (sel << 2) | 1)
        return gen7_ts(self.qt)


def gen7_qt(qemu, name, **kw):
    qt = QTest(qemu, ',device-id=0x%x' % gen7_plat(name)[1], **kw)
    return qt


def gen7_ts(qt):
    return qt.ts_base + qt.now * GEN7_TS_HZ // 10**9


def gen7_due(t0, t1, period):
    """Timestamps of the reports due after enabling at t0, up to t1: the
    strobe is TIME_STAMP bit log2(period) - 1 rising, so the ticks lie
    half a period past the multiples (gen6-gen7.rst "Timer period")."""
    phase = period // 2
    return list(range(((t0 - phase) // period + 1) * period + phase, t1 + 1,
                      period))


def gen7_check(buf, sel, start_off, stamps, what):
    rs = FORMATS7[buf.kind][sel]
    for i, T in enumerate(stamps):
        got = buf.read((start_off + i * rs) % buf.size, rs)
        want = gen7_report(buf.kind, sel, T)
        if got != want:
            gw = struct.unpack('<%dI' % (rs // 4), got)
            ww = struct.unpack('<%dI' % (rs // 4), want)
            bad = [j for j in range(rs // 4) if gw[j] != ww[j]]
            raise AssertionError(
                '%s sel %d report %d (ts %d): dwords %s: got %s want %s' %
                (what, sel, i, T, bad[:6], [hex(gw[j]) for j in bad[:6]],
                 [hex(ww[j]) for j in bad[:6]]))


def test_gen7_identity(qemu):
    for name, devid, kind, topo, rp, fw in GEN7_PLATFORMS:
        qt = gen7_qt(qemu, name)
        eq(qt.cfg_readl(0x00), devid << 16 | 0x8086, name + ' id')
        # BAR0 is 4 MiB: the size probe keeps address bits 31:22
        qt.cfg_writel(0x10, 0xffffffff)
        eq(qt.cfg_readl(0x10) & ~0xf, 0xffc00000, name + ' BAR0 size')
        # GMCH_CTRL GGMS 9:8 = 2 MiB of PTEs; read-only
        eq(qt.cfg_readl(0x50) & 0xffff, 2 << 8, name + ' GMCH_CTRL')
        qt.cfg_writel(0x50, 0)
        eq(qt.cfg_readl(0x50) & 0xffff, 2 << 8, name + ' GMCH_CTRL read-only')
        qt.setup_pci()
        if kind == 'hsw':
            # EUs per subslice from bits 17:16: 0 = 10
            eq((qt.rd(HSW_PAVP_FUSE1) >> 16) & 3, 0, name + ' PAVP fuse')
        cap = qt.rd(0x145998)
        eq((50 * (cap & 0xff), 50 * ((cap >> 8) & 0xff),
            50 * ((cap >> 16) & 0xff)), rp, name + ' RP caps')
        stat = qt.rd(0xa01c)
        cagf = (stat >> 7) & 0x7f if kind == 'hsw' else (stat >> 8) & 0x7f
        eq(cagf * 50, rp[1], name + ' CAGF reads RP1')
        eq(qt.ctl(CTL_RATIO), rp[1] * 10**6 // GEN7_TS_HZ, name + ' R')
        req, ack, masked = fw
        qt.wr(req, 0x00010001 if masked else 1)
        eq(qt.rd(ack) & 1, 1, name + ' forcewake ack')
        qt.wr(req, 0x00010000 if masked else 0)
        eq(qt.rd(ack) & 1, 0, name + ' forcewake release')
        qt.step(10**9)
        eq(qt.rd(RING_TIMESTAMP), gen7_ts(qt) & 0xffffffff,
           name + ' 12.5 MHz RING_TIMESTAMP')
        eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' violations')
        qt.close()


# ---- the Gen6-7.5 render command streamer (command-streamer.rst) ---------

RING_TAIL7, RING_HEAD7, RING_START7, RING_CTL7 = 0x2030, 0x2034, 0x2038, \
    0x203c
RING_IMR7, HWS_PGA7 = 0x20a8, 0x4080


def MI(op, flags=0):
    return (op << 23) | flags


def test_gen7_command_streamer(qemu):
    """A ring runs a batch: stores, a register round trip, an
    MI_REPORT_PERF_COUNT report equal to the periodic one at the same
    timestamp but for its report ID, a PIPE_CONTROL timestamp, the seqno
    and the user interrupt; then each violation code 43-46 once."""
    for name, sel in (('snb', 2), ('hsw', 5)):
        kind = gen7_plat(name)[2]
        qt = gen7_qt(qemu, name)
        qt.setup_pci()
        ring, hws, bb, dst, phys = 0x100000, 0x104000, 0x105000, 0x106000, \
            0x05000000
        extra = (2 << 1) | ((1 << 11) if kind == 'hsw' else 0)
        for i in range(8):
            qt.wr(2 * MiB + ((ring >> 12) + i) * 4,
                  (phys + i * 4096) | extra | 1)
        qt.wr(GFX_FLSH_CNTL, 1)
        qt.cmd('memset 0x%x 0x%x 0' % (phys, 8 * 4096))

        def put(ggtt, dws):
            qt.cmd('write 0x%x 0x%x 0x%s' % (
                phys + ggtt - ring, 4 * len(dws),
                struct.pack('<%dI' % len(dws), *dws).hex()))

        def get(ggtt, n):
            return struct.unpack('<%dI' % n, qt.mem(phys + ggtt - ring,
                                                    4 * n))

        pc_ggtt = 1 << 2 if kind == 'snb' else 0
        put(bb, [MI(0x20, 2), 0, dst, 0xcafe0001,
                 MI(0x20, 3), 0, dst + 8, 0x11111111, 0x22222222,
                 MI(0x22, 1), 0x7300, 0x5a5a1234,
                 MI(0x24, 1), 0x7300, dst + 0x10,
                 MI(0x28, 1), dst + 0x40, 0xdeadbeef,
                 (3 << 29) | (3 << 27) | (2 << 24) | 2, 3 << 14,
                 (dst + 0x200) | pc_ggtt, 0,
                 MI(0x0a)])
        put(ring, [MI(0x31, 1 << 8), bb, MI(0x21, 1), 0x100, 42, MI(0x02)])
        qt.wr(OACONTROL7, sel << 2)
        qt.wr(HWS_PGA7, hws)
        qt.wr(RING_START7, ring)
        qt.wr(RING_HEAD7, 0)
        qt.wr(RING_TAIL7, 0)
        qt.wr(RING_CTL7, (16384 - 4096) | 1)
        qt.wr(RING_IMR7, ~1 & 0xffffffff)
        qt.wr(GTIMR, ~1 & 0xffffffff)
        qt.wr(GTIER, 1)
        t0 = gen7_ts(qt)
        qt.wr(RING_TAIL7, 24)
        qt.step(1000)
        eq(qt.rd(RING_HEAD7), 24, name + ' head at the tail')
        eq(get(dst, 5), (0xcafe0001, 0, 0x11111111, 0x22222222, 0x5a5a1234),
           name + ' stores and the LRI/SRM round trip')
        rs = FORMATS7[kind][sel]
        want = bytearray(gen7_report(kind, sel, t0))
        want[0:4] = struct.pack('<I', 0xdeadbeef)
        eq(qt.mem(phys + dst + 0x40 - ring, rs), bytes(want),
           name + ' MI_REPORT_PERF_COUNT report')
        eq(get(dst + 0x40 + rs, 1), (0,), name + ' nothing past the report')
        ts = get(dst + 0x200, 2)
        eq(ts[0] | ts[1] << 32, t0 % (1 << 36), name + ' PIPE_CONTROL time')
        eq(get(hws + 0x100, 1), (42,), name + ' seqno in the status page')
        eq(qt.rd(GTIIR) & 1, 1, name + ' user interrupt')
        eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' violations')

        # per-context mode (seed 001 OACONTROL Select Context ID): the
        # counters hold while another context is loaded
        ctx_a, ctx_b = 0x00200000, 0x00300000
        qt.wr(OACONTROL7, ctx_a | (sel << 2) | 2)
        rpc = lambda off, rid: [MI(0x28, 1), dst + off, rid]
        tail = [24]

        def run(dws):
            put(ring + tail[0], dws + [0] * (len(dws) % 2))
            tail[0] += 4 * (len(dws) + len(dws) % 2)
            t = gen7_ts(qt)
            qt.wr(RING_TAIL7, tail[0])
            qt.step(1000000)
            return t

        def report(off):
            return struct.unpack('<%dI' % (rs // 4),
                                 qt.mem(phys + dst + off - ring, rs))

        t1 = run([MI(0x18), ctx_b | (1 << 8)] + rpc(0x400, 1))
        t2 = run(rpc(0x800, 2))
        eq(report(0x800)[3:], report(0x400)[3:],
           name + ' counters held while another context runs')
        eq(report(0x800)[1] - report(0x400)[1], t2 - t1,
           name + ' while time goes on')
        t3 = run([MI(0x18), ctx_a | (1 << 8)] + rpc(0xc00, 3))
        held = t3 - t1
        want = list(struct.unpack('<%dI' % (rs // 4),
                                  gen7_report(kind, sel, t3 - held)))
        want[0:3] = [3, t3 & 0xffffffff, (t3 >> 32) & 0xf]
        eq(list(report(0xc00)), want,
           name + ' counting again, less the %d ticks held' % held)
        qt.wr(OACONTROL7, sel << 2)
        eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' per-context violations')
        qt.wr(RING_HEAD7, 0)
        qt.wr(RING_TAIL7, 0)
        qt.wr(RING_CTL7, (16384 - 4096) | 1)

        # 43: a 3D command; 45: a batch end in the ring; 46: a tail past
        # the ring; 44: a fetch through a non-present PTE stops the engine
        put(ring + 24, [0x7b000005, 0, 0, 0, 0, 0, 0, MI(0x0a)])
        qt.wr(RING_TAIL7, 56)
        qt.step(1000)
        eq(qt.rd(RING_HEAD7), 56, name + ' head after the bad commands')
        eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (2, 45),
           name + ' codes 43 and 45')
        qt.wr(RING_TAIL7, 16384 + 64)
        eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (3, 46),
           name + ' code 46')
        qt.wr(2 * MiB + ((ring >> 12) + 0) * 4, 0)
        qt.wr(GFX_FLSH_CNTL, 1)
        qt.wr(RING_TAIL7, 72)
        qt.step(1000)
        eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (4, 44),
           name + ' code 44')
        eq(qt.rd(RING_CTL7) & 1, 0, name + ' a fetch fault stops the ring')
        qt.close()


def qt_put(qt, phys, dws):
    """Write the dwords @dws to guest memory at @phys."""
    qt.cmd('write 0x%x 0x%x 0x%s' % (
        phys, 4 * len(dws), struct.pack('<%dI' % len(dws), *dws).hex()))


def qt_get(qt, phys, n):
    """@n dwords of guest memory at @phys."""
    return struct.unpack('<%dI' % n, qt.mem(phys, 4 * n))


EL_GPHYS = 0x05000000


def el_map_ggtt(qt, hws, pages):
    """GGTT pages from @hws (status page, image, ring) on zeroed guest
    pages from EL_GPHYS; returns the guest address of a GGTT one."""
    for i in range(pages):
        qt.cmd('writeq 0x%x 0x%x' % (GGTT + ((hws >> 12) + i) * 8,
                                     (EL_GPHYS + i * 4096) | 1))
    qt.wr(GFX_FLSH_CNTL, 1)
    qt.cmd('memset 0x%x 0x%x 0' % (EL_GPHYS, pages * 4096))
    return lambda ggtt: EL_GPHYS + ggtt - hws


def el_ppgtt(qt, bb, dst):
    """A 4-level PPGTT (PML4, PDP, PD, PT on zeroed pages) mapping the
    batch page @bb and the target page @dst, in one page table; returns
    (pml4, pdp, pd, pt, batch page, target page)."""
    pml4, pdp, pd, pt, bbp, dstp = [0x05100000 + i * 4096 for i in range(6)]
    qt.cmd('memset 0x%x 0x%x 0' % (pml4, 6 * 4096))
    idx = lambda a, l: (a >> (12 + 9 * l)) & 511
    qt.cmd('writeq 0x%x 0x%x' % (pml4 + 8 * idx(bb, 3), pdp | 3))
    qt.cmd('writeq 0x%x 0x%x' % (pdp + 8 * idx(bb, 2), pd | 3))
    qt.cmd('writeq 0x%x 0x%x' % (pd + 8 * idx(bb, 1), pt | 3))
    qt.cmd('writeq 0x%x 0x%x' % (pt + 8 * idx(bb, 0), bbp | 3))
    qt.cmd('writeq 0x%x 0x%x' % (pt + 8 * idx(dst, 0), dstp | 3))
    return pml4, pdp, pd, pt, bbp, dstp


def test_gen8_execlists(qemu):
    """Skylake's execlists: a logical ring context submitted through the
    ELSP runs its ring and a PPGTT batch (stores, an MI_REPORT_PERF_COUNT
    report carrying the context's ID); the CSB and its status-page copy
    say idle-to-active then complete + active-to-idle, with the
    context-switch interrupt; the engine saves RING_HEAD into the image;
    the OA unit writes a context-switch report naming the context and one
    naming the synthetic schedule's when it ends. A 32-bit (3-level)
    context runs too. Then codes 50-53 once each."""
    qt = QTest(qemu)
    GT_IIR0, GT_IMR0, GT_IER0 = GT_IIR(0), GT_IMR(0), GT_IER(0)
    HWS_PGA, ELSP, MODE, CSB, CSB_PTR = 0x2080, 0x2230, 0x229c, 0x2370, \
        0x23a0
    RING_IMR = 0x20a8
    # GGTT: status page, image (PPHWSP + state), ring; a page apart each
    hws, lrc, ring = 0x100000, 0x101000, 0x103000
    g = el_map_ggtt(qt, hws, 7)
    # PPGTT: PML4, PDP, PD, PT, then the batch and the target pages
    bb, dst = 0x1_2345_6000, 0x1_2345_7000
    pml4, pdp, pd, pt, bbp, dstp = el_ppgtt(qt, bb, dst)
    put = lambda phys, dws: qt_put(qt, phys, dws)
    get = lambda phys, n: qt_get(qt, phys, n)
    fmt = 5
    put(bbp, [MI(0x20, 2), dst & 0xffffffff, dst >> 32, 0xcafe0001,
              MI(0x28, 2), (dst + 0x40) & 0xffffffff, dst >> 32, 0xdeadbeef,
              MI(0x0a)])
    put(g(ring), [MI(0x31, 1 | 1 << 8), bb & 0xffffffff, bb >> 32,
                  MI(0x20, 2 | 1 << 22), hws + 0x400, 0, 7])
    tail = 32
    # i915 gen9_rcs_offsets' first blocks: context control, ring, PDPs
    ctl = (0x9 << 16) | 0x9     # inhibit sync switch, restore inhibit
    state = [0, MI(0x22, 2 * 5 - 1), 0x2244, ctl, 0x2034, 0, 0x2030, tail,
             0x2038, ring, 0x203c, (16384 - 4096) | 1,
             MI(0x22, 2 * 2 - 1), 0x2274, pml4 >> 32,
             0x2270, pml4 & 0xffffffff, MI(0x0a)]
    put(g(lrc) + 4096, state)
    oabuf = OABuffer(qt)
    oabuf.program()
    qt.wr(OACONTROL, (fmt << 2) | 1)
    qt.wr(HWS_PGA, hws)
    qt.wr(MODE, (1 << 31) | (1 << 15))
    qt.wr(CSB_PTR, 0xffff0505)
    qt.wr(RING_IMR, ~(1 << 8) & 0xffffffff)
    qt.wr(GT_IMR0, ~(1 << 8) & 0xffffffff)
    qt.wr(GT_IER0, 1 << 8)
    desc = lrc | (3 << 3) | (1 << 8) | 1 | (0x1234 << 32)
    t0 = qt.ts()
    for dw in (0, 0, desc >> 32, desc & 0xffffffff):
        qt.wr(ELSP, dw)
    eq(get(g(hws) + 0x40, 2), (1, 0x1234), 'CSB[0] idle to active')
    qt.step(1000)
    eq(get(dstp, 1), (0xcafe0001,), 'store through the PPGTT')
    got = qt.mem(dstp + 0x40, FORMATS[fmt])
    want = bytearray(expected_report(fmt, t0, period=0, cs=False))
    want[0:4] = struct.pack('<I', 0xdeadbeef)
    want[8:12] = struct.pack('<I', 0x1234)
    eq(got[12:], bytes(want[12:]), 'MI_REPORT_PERF_COUNT counters')
    eq(struct.unpack('<3I', got[:12]), (0xdeadbeef, t0 & 0xffffffff, 0x1234),
       'report ID, timestamp, the context\'s ID')
    eq(get(g(hws) + 0x400, 1), (7,), 'a GGTT store from the ring')
    eq(get(g(hws) + 0x48, 2), (0x18, 0x1234),
       'CSB[1] complete and active to idle')
    eq(get(g(hws) + 4 * 0x1f, 1), (1,), 'CSB write pointer in the status page')
    eq((qt.rd(CSB + 8), qt.rd(CSB + 12)), (0x18, 0x1234), 'CSB registers')
    eq(qt.rd(CSB_PTR) & 7, 1, 'CSB_PTR write pointer')
    eq(qt.rd(GT_IIR0), 1 << 8, 'the context-switch interrupt')
    eq(get(g(lrc) + 4096 + 4 * 5, 1), (tail,), 'RING_HEAD saved in the image')
    # the OA unit's context-switch reports: to the context, then back to
    # the synthetic schedule's, both at the switch's timestamp
    rs = FORMATS[fmt]
    n = (qt.rd(OATAILPTR) - oabuf.base) // rs
    reps = [oabuf.read(i * rs, rs) for i in range(n)]
    mine = [i for i, r in enumerate(reps)
            if struct.unpack('<I', r[8:12])[0] == 0x1234]
    eq(len(mine), 1, 'one report names the context')
    i = mine[0]
    eq(i + 1 < n, True, 'a report after the context\'s')
    for r, ctx in ((reps[i], 0x1234),
                   (reps[i + 1], CTX_IDS[(t0 // CTX_SLICE) % 4])):
        want = bytearray(expected_report(fmt, t0, period=0, cs=False))
        want[0:4] = struct.pack('<I', (REASON_CTX_SWITCH << 19) |
                                ((1 << 16) if ctx else 0))
        want[8:12] = struct.pack('<I', ctx)
        eq(r, bytes(want), 'context-switch report to 0x%x' % ctx)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (0, 0), 'violations')

    # 50: an unmapped PPGTT address; the engine stops on the fetch fault
    put(g(ring) + tail, [MI(0x31, 1 | 1 << 8), 0x9000, 0, 0])
    put(g(lrc) + 4096, state[:7] + [tail + 16] + state[8:])
    put(g(lrc) + 4096 + 4 * 5, [tail])
    for dw in (0, 0, desc >> 32, desc & 0xffffffff):
        qt.wr(ELSP, dw)
    qt.step(1000)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, 50), 'code 50')
    # 51: the ELSP again while that context is still loaded
    for dw in (0, 0, desc >> 32, desc & 0xffffffff):
        qt.wr(ELSP, dw)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (2, 51), 'code 51')
    # 53: a ring register written in execlist mode
    qt.wr(0x2030, 0)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (3, 53), 'code 53')
    qt.close()

    # 32-bit legacy addressing (Cherryview's): PDP1 names the page
    # directory of 1-2 GiB
    qt = QTest(qemu)
    el_map_ggtt(qt, hws, 7)
    qt.cmd('memset 0x%x 0x%x 0' % (pml4, 6 * 4096))
    idx = lambda a, l: (a >> (12 + 9 * l)) & 511
    bb32, dst32 = 0x4000_5000, 0x4000_6000
    pd32 = pdp
    qt.cmd('writeq 0x%x 0x%x' % (pd32 + 8 * idx(bb32, 1), pt | 3))
    qt.cmd('writeq 0x%x 0x%x' % (pt + 8 * idx(bb32, 0), bbp | 3))
    qt.cmd('writeq 0x%x 0x%x' % (pt + 8 * idx(dst32, 0), dstp | 3))
    put(bbp, [MI(0x20, 2), dst32, 0, 0xcafe0032, MI(0x0a)])
    put(g(ring), [MI(0x31, 1 | 1 << 8), bb32, 0, 0])
    put(g(lrc) + 4096, [0, MI(0x22, 2 * 5 - 1), 0x2244, ctl, 0x2034, 0,
                        0x2030, 16, 0x2038, ring, 0x203c,
                        (16384 - 4096) | 1,
                        MI(0x22, 2 * 2 - 1), 0x227c, 0, 0x2278, pd32,
                        MI(0x0a)])
    qt.wr(HWS_PGA, hws)
    qt.wr(MODE, (1 << 31) | (1 << 15))
    desc32 = lrc | (1 << 3) | (1 << 8) | 1 | (0x32 << 32)
    for dw in (0, 0, desc32 >> 32, desc32 & 0xffffffff):
        qt.wr(ELSP, dw)
    qt.step(1000)
    eq(get(dstp, 1), (0xcafe0032,), 'store through a 3-level PPGTT')
    eq(get(g(hws) + 0x48, 2), (0x18, 0x32), '32-bit context complete')
    eq(qt.ctl(CTL_VIOLATIONS), 0, '32-bit context violations')

    # 52: an advanced-context (mode 0) descriptor
    for dw in (0, 0, 0, lrc | 1):
        qt.wr(ELSP, dw)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, 52), 'code 52')
    qt.close()


def test_engine_gated(qemu):
    """engine-gated=on (Skylake): the OA counters count only while the
    render engine runs a client's context. A context's batch reports at
    its load, spins 2 ms, reports again and ends; a second batch 2 ms of
    idle later reports once more: the first report has the counters of
    the reset (S_k), the second those of the workload 2 ms (the spin)
    on, the third the second's, the idle time held. (The header's GPU
    clock, dword 3, runs regardless.)"""
    qt = QTest(qemu, ',engine-gated=on')
    HWS_PGA, ELSP, MODE = 0x2080, 0x2230, 0x229c
    hws, lrc, ring = 0x100000, 0x101000, 0x103000
    g = el_map_ggtt(qt, hws, 7)
    bb, dst = 0x1_2345_6000, 0x1_2345_7000
    pml4, pdp, pd, pt, bbp, dstp = el_ppgtt(qt, bb, dst)
    put = lambda phys, dws: qt_put(qt, phys, dws)
    get = lambda phys, n: qt_get(qt, phys, n)
    fmt = 5
    rpc = lambda off, rid: [MI(0x28, 2), (dst + off) & 0xffffffff,
                            dst >> 32, rid]
    # report, then spin: a batch start to itself
    put(bbp, rpc(0, 1) + [MI(0x31, 1 | 1 << 8), (bb + 16) & 0xffffffff,
                          bb >> 32])
    put(g(ring), [MI(0x31, 1 | 1 << 8), bb & 0xffffffff, bb >> 32, 0])
    ctl = (0x9 << 16) | 0x9

    def submit(tail):
        put(g(lrc) + 4096, [0, MI(0x22, 2 * 5 - 1), 0x2244, ctl, 0x2034,
                            tail - 16, 0x2030, tail, 0x2038, ring, 0x203c,
                            (16384 - 4096) | 1, MI(0x22, 2 * 2 - 1), 0x2274,
                            pml4 >> 32, 0x2270, pml4 & 0xffffffff, MI(0x0a)])
        desc = lrc | (3 << 3) | (1 << 8) | 1 | (0x77 << 32)
        for dw in (0, 0, desc >> 32, desc & 0xffffffff):
            qt.wr(ELSP, dw)

    def counters(off):
        r = qt.mem(dstp + off, FORMATS[fmt])
        return struct.unpack('<I', r[4:8])[0], r[16:]

    oabuf = OABuffer(qt)
    oabuf.program()
    qt.wr(OACONTROL, (fmt << 2) | 1)
    qt.wr(HWS_PGA, hws)
    qt.wr(MODE, (1 << 31) | (1 << 15))
    qt.step(3000000)
    t1 = qt.ts()
    submit(16)
    qt.step(2000000)
    # end the spin: a second report and the batch's end where it loops
    put(bbp + 16, rpc(0x100, 2) + [MI(0x0a)])
    qt.step(2000000)
    ts1, c1 = counters(0)
    eq(ts1, t1 & 0xffffffff, 'the first report at the load')
    eq(c1, expected_report(fmt, 0, period=0, cs=False)[16:],
       'held since the reset: the counters of T = 0')
    ts2, c2 = counters(0x100)
    t2 = t1 + ((ts2 - t1) & 0xffffffff)
    eq(t2 - t1 >= ts_of(2000000) - ts_of(0), True, 'the spin lasted 2 ms')
    eq(c2, expected_report(fmt, t2 - t1, period=0, cs=False)[16:],
       'counted while the context ran: the workload t2 - t1 on')
    # idle 2 ms (stepped above), then a batch that only reports
    put(bbp, rpc(0x200, 3) + [MI(0x0a)])
    put(g(ring) + 16, [MI(0x31, 1 | 1 << 8), bb & 0xffffffff, bb >> 32, 0])
    submit(32)
    qt.step(1000000)
    ts3, c3 = counters(0x200)
    eq((ts3 - ts2) & 0xffffffff > 0, True, 'the third report later')
    eq(c3, c2, 'held while the engine idled')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_gen12_execlists(qemu):
    """Tiger Lake's execlists: a context submitted through the ELSQ and
    EL_CTRL_LOAD runs a PPGTT batch whose MI_REPORT_PERF_COUNT writes
    OAR's report (the format OAR_OACONTROL names, the context's ID), OAR
    being on in the restored image; Gen12 CSB entries (to, new queue; away)
    and their status-page copy at dword 0x2f; the context-switch interrupt
    through the RCS0 identity; context control and OACTXCONTROL saved into
    the image. Then codes 55 (OAR off) and 54 (the ELSP)."""
    _, devid, _, _, _, _, _, _ = plat('tgl')
    qt = QTest(qemu, ',device-id=0x%x' % devid)
    HWS_PGA, MODE, SQ, CONTROL = 0x2080, 0x229c, 0x2510, 0x2550
    CSB_PTR, RING_IMR = 0x23a0, 0x20a8
    RCS_ENABLE, RCS_MASK = 0x190030, 0x190090
    CS_MMIO = 1 << 19
    hws, lrc, ring = 0x100000, 0x101000, 0x104000
    g = el_map_ggtt(qt, hws, 8)
    bb, dst = 0x2_0000_0000, 0x2_0000_1000
    pml4, pdp, pd, pt, bbp, dstp = el_ppgtt(qt, bb, dst)
    put = lambda phys, dws: qt_put(qt, phys, dws)
    get = lambda phys, n: qt_get(qt, phys, n)
    fmt = 5
    put(dstp, [0x80808080] * 128)
    put(bbp, [MI(0x28, 2), dst & 0xffffffff, dst >> 32, 0xdeadbeef,
              MI(0x0a)])
    # the ring: OACTXCONTROL's counter resume by LRI, then the batch
    put(g(ring), [MI(0x22, 1) | CS_MMIO, 0x2360, 1,
                  MI(0x31, 1 | 1 << 8), bb & 0xffffffff, bb >> 32, 0, 0])
    tail = 32
    # a saved image (restore not inhibited): OAR on in context control
    # and OAR_OACONTROL (format 5, enabled) where i915 keeps it
    ctl = (0x108 << 16) | 0x108
    state = [0] * 0x5b4
    state[0:18] = [0, MI(0x22, 2 * 5 - 1) | CS_MMIO, 0x2244, ctl, 0x2034, 0,
                   0x2030, tail, 0x2038, ring, 0x203c, (16384 - 4096) | 1,
                   MI(0x22, 2 * 2 - 1) | CS_MMIO, 0x2274, pml4 >> 32,
                   0x2270, pml4 & 0xffffffff, 0]
    state[0x143:0x146] = [MI(0x22, 1) | CS_MMIO, 0x2360, 0]
    state[0x5af:0x5b3] = [MI(0x22, 1) | CS_MMIO, 0x2960, (fmt << 1) | 1,
                          MI(0x0a) | 1]
    put(g(lrc) + 4096, state)
    qt.wr(HWS_PGA, hws)
    qt.wr(MODE, (1 << 19) | (1 << 3))
    qt.wr(CSB_PTR, 0xffff0b0b)
    qt.wr(RING_IMR, ~(1 << 8) & 0xffffffff)
    qt.wr(RCS_ENABLE, 1 << 24)
    qt.wr(RCS_MASK, ~(1 << 24) & 0xffffffff)
    qt.wr(GFX_MSTR_IRQ, 1 << 31)
    sw_id = 0x123
    desc = lrc | (3 << 3) | (1 << 8) | 1 | (sw_id << 37)
    t0 = qt.ts()
    for off, dw in ((8, 0), (12, 0), (0, desc & 0xffffffff), (4, desc >> 32)):
        qt.wr(SQ + off, dw)
    qt.wr(CONTROL, 1)
    eq(get(g(hws) + 0x40, 2), ((sw_id << 15) | 1, 0x7ff << 15),
       'CSB[0]: to the context, a new queue; away from none')
    qt.step(1000)
    rep = get(dstp, 66)
    eq(rep[0:3], (0xdeadbeef, t0 & 0xffffffff, sw_id << 5),
       'OAR report: ID, timestamp, the descriptor\'s upper dword')
    want = expected_report(fmt, t0, period=0, cs=False)
    eq(struct.pack('<61I', *rep[3:64]), want[12:256],
       'OAR report counters, format 5')
    eq(rep[64:66], (0x80808080, 0x80808080), 'nothing past 256 bytes')
    eq(get(g(hws) + 0x48, 2), (0x7ff << 15, sw_id << 15),
       'CSB[1]: to none, away from the context')
    eq(get(g(hws) + 4 * 0x2f, 1), (1,), 'CSB write pointer at dword 0x2f')
    eq(qt.rd(CSB_PTR) & 0xf, 1, 'CSB_PTR write pointer')
    eq(qt.rd(GT_INTR_DW0) & 1, 1, 'RCS0 pending in GT_INTR_DW0')
    qt.wr(IIR_REG_SELECTOR0, 1)
    ident = qt.rd(INTR_IDENTITY_REG0)
    eq(ident, (1 << 31) | (1 << 8), 'identity: valid, render class 0, bit 8')
    qt.wr(INTR_IDENTITY_REG0, 1 << 31)
    qt.wr(GT_INTR_DW0, 1)
    eq(qt.rd(GT_INTR_DW0), 0, 'RCS0 served')
    eq(get(g(lrc) + 4096 + 4 * 3, 1), (0xffff0108,),
       'context control saved (masked), OAR still on')
    eq(get(g(lrc) + 4096 + 4 * 5, 1), (tail,), 'RING_HEAD saved')
    eq(get(g(lrc) + 4096 + 4 * 0x145, 1), (1,), 'OACTXCONTROL saved')
    eq(get(g(lrc) + 4096 + 4 * 0x5b1, 1), ((fmt << 1) | 1,),
       'OAR_OACONTROL saved')
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (0, 0), 'violations')

    # 55: the same batch once OAR is off in the image
    put(g(ring) + tail, [MI(0x31, 1 | 1 << 8), bb & 0xffffffff, bb >> 32, 0])
    put(g(lrc) + 4096 + 4 * 3, [(0x100 << 16) | 0])
    put(g(lrc) + 4096 + 4 * 7, [tail + 16])
    put(dstp, [0x80808080] * 4)
    qt.wr(CONTROL, 1)
    qt.step(1000)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, 55), 'code 55')
    eq(get(dstp, 1), (0x80808080,), 'nothing written with OAR off')
    # 54: the ELSP does not exist on Gen11+
    qt.wr(0x2230, 0)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (2, 54), 'code 54')
    qt.close()


def gen7_stream(qemu, name, tp, ts_base=0):
    kind = gen7_plat(name)[2]
    qt = gen7_qt(qemu, name, ts_base=ts_base)
    buf = Gen7Buffer(qt, kind, 7 if kind != 'hsw' else 0)
    period = gen7_period(kind, tp)
    for sel, rs in FORMATS7[kind].items():
        t0 = buf.start(sel, tp)
        qt.step(1500000)
        stamps = gen7_due(t0, gen7_ts(qt), period)
        assert 4 <= len(stamps) < buf.size // rs, (name, len(stamps))
        st1 = qt.rd(OASTATUS1)
        eq(st1 & ~0x3f, buf.base + len(stamps) * rs, name + ' tail')
        # VLV's report-lost bit reads 1 while the unit runs
        eq(st1 & 7, 1 if name == 'vlv' else 0, name + ' status')
        gen7_check(buf, sel, 0, stamps, name)
        qt.wr(OACONTROL7, 0)
    eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' violations')
    qt.close()


def test_gen7_stream_snb(qemu):
    # T above 2^32: DW2 carries TIME_STAMP bits 35:32
    gen7_stream(qemu, 'snb', 7, ts_base=(0x5 << 32) | 0x1234)


def test_gen7_stream_ivb(qemu):
    gen7_stream(qemu, 'ivb', 10)


def test_gen7_stream_vlv(qemu):
    gen7_stream(qemu, 'vlv', 10)


def test_gen7_stream_hsw(qemu):
    # T above 2^36: DW2 keeps only bits 35:32
    gen7_stream(qemu, 'hsw-gt3', 10, ts_base=(0x1a << 32) | 0x777)


def test_gen7_snb_timer_mapping(qemu):
    # TP = 3 is a period of 2^7 ticks on SNB (2^4 on IVB)
    for name, shift in (('snb', 7), ('ivb', 4)):
        qt = gen7_qt(qemu, name)
        buf = Gen7Buffer(qt, gen7_plat(name)[2], 7)
        buf.start(0, 3)
        qt.step(100000)
        qt.rd(OASTATUS1)
        r = [struct.unpack('<4I', buf.read(i * 64, 16)) for i in range(4)]
        for a, b in zip(r, r[1:]):
            eq(b[1] - a[1], 1 << shift, name + ' report spacing')
        # bit shift - 1 of TIME_STAMP rising: half a period past a multiple
        eq(r[0][1] % (1 << shift), 1 << (shift - 1),
           name + ' report on the strobe bit rising')
        qt.close()


def test_gen7_split_192(qemu):
    # 16 KiB buffer, 192-byte reports: report 85 has 64 bytes at the end
    # of the buffer and 128 at its base; the head follows the reader so
    # nothing overflows
    for name in ('ivb', 'snb'):
        kind = gen7_plat(name)[2]
        qt = gen7_qt(qemu, name)
        buf = Gen7Buffer(qt, kind, 0)
        tp = 6 if kind == 'ivb' else 3     # 128 ticks, 10.24 us
        period = gen7_period(kind, tp)
        t0 = buf.start(3, tp)
        stamps = []
        while len(stamps) < 95:
            qt.step(400000)
            stamps = gen7_due(t0, gen7_ts(qt), period)
            qt.wr(OASTATUS2, qt.rd(OASTATUS1) & ~0x3f)
        st1 = qt.rd(OASTATUS1)
        eq(st1 & ~0x3f, buf.base + len(stamps) * 192 % buf.size,
           name + ' tail wraps by the report size')
        eq(st1 & 7, 0, name + ' no overflow')
        # the first reports were overwritten by the wrapped ones
        i0 = len(stamps) - 80
        gen7_check(buf, 3, i0 * 192, stamps[i0:], name + ' split')
        eq(buf.read(16320, 64), gen7_report(kind, 3, stamps[85])[:64],
           name + ' first part at the end')
        eq(buf.read(0, 128), gen7_report(kind, 3, stamps[85])[64:],
           name + ' second part at the base')
        qt.close()


def test_gen7_overrun_and_no_overrun(qemu):
    # HSW 128 KiB, 256-byte reports every 2 ticks: 1250 due in 200 us
    for no_overrun in (False, True):
        qt = gen7_qt(qemu, 'hsw')
        buf = Gen7Buffer(qt, 'hsw', 0)
        t0 = buf.start(5, 0, no_overrun)
        qt.step(200000)
        stamps = gen7_due(t0, gen7_ts(qt), 2)
        st1 = qt.rd(OASTATUS1)
        ob = qt.rd(OABUFFER7)
        if not no_overrun:
            # everything written, overwriting; BUFFER_OVERFLOW set
            eq(st1 & ~0x3f, buf.base + len(stamps) * 256 % buf.size,
               'overrun tail')
            eq(st1 & 7, ST_BUFFER_OVERFLOW, 'overrun status')
            eq(ob & OVERRUN_STATUS, 0, 'overrun: nothing held back')
            last = (len(stamps) - 1) * 256 % buf.size
            eq(buf.read(last, 256), gen7_report('hsw', 5, stamps[-1]),
               'overrun: newest report')
            eq(qt.ctl(CTL_WRITTEN), len(stamps), 'overrun: written')
        else:
            # fill + 256 < 128 KiB: 511 reports, then held back silently
            eq(st1 & ~0x3f, buf.base + 511 * 256, 'no-overrun tail')
            eq(st1 & 7, 0, 'no-overrun status')
            eq(ob & (OVERRUN_STATUS | NO_OVERRUN),
               OVERRUN_STATUS | NO_OVERRUN, 'no-overrun OABUFFER')
            gen7_check(buf, 5, 0, stamps[:511], 'no-overrun')
            # room again: reporting resumes with the next due report
            qt.wr(OASTATUS2, st1 & ~0x3f)
            t1 = gen7_ts(qt)
            qt.step(2000)
            eq(qt.rd(OABUFFER7) & OVERRUN_STATUS, 0, 'resumed')
            gen7_check(buf, 5, 511 * 256, gen7_due(t1, gen7_ts(qt), 2),
                       'resumed')
        eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
        qt.close()
    # IVB always overruns
    qt = gen7_qt(qemu, 'ivb')
    buf = Gen7Buffer(qt, 'ivb', 0)
    buf.start(4, 0)
    qt.step(100000)
    eq(qt.rd(OASTATUS1) & 7, ST_BUFFER_OVERFLOW, 'ivb overrun')
    qt.close()


def test_gen7_report_lost(qemu):
    for name in ('vlv', 'ivb'):
        qt = gen7_qt(qemu, name)
        buf = Gen7Buffer(qt, 'ivb', 7)
        eq(qt.rd(OASTATUS1) & 1, 0, name + ' lost before enable')
        buf.start(0, 10)
        vlv = name == 'vlv'
        eq(qt.rd(OASTATUS1) & 1, 1 if vlv else 0, name + ' lost on enable')
        qt.ctl_wr(CTL_DROP, 3)
        qt.step(2000000)
        eq(qt.ctl(CTL_DROPPED), 3, name + ' dropped')
        eq(qt.rd(OASTATUS1) & 1, 1, name + ' lost while enabled')
        qt.wr(OACONTROL7, 0)
        # VLV drops silently: the bit only mirrors the enable
        eq(qt.rd(OASTATUS1) & 1, 0 if vlv else 1, name + ' lost after')
        qt.close()


def test_gen7_counter_overflow(qemu):
    # A0 = (seed << 8) + T wraps at T = 2^32 - ((seed << 8) mod 2^32):
    # start 1 ms before, with select 4 (A45_B4, A0 included)
    wrap = (1 << 32) - ((SEED << 8) & 0xffffffff)
    qt = gen7_qt(qemu, 'ivb', ts_base=wrap - 12500)
    buf = Gen7Buffer(qt, 'ivb', 7)
    buf.start(4, 8)
    qt.step(500000)
    eq(qt.rd(OASTATUS1) & ST7_COUNTER_OVERFLOW, 0, 'before the wrap')
    qt.step(1000000)
    eq(qt.rd(OASTATUS1) & ST7_COUNTER_OVERFLOW, ST7_COUNTER_OVERFLOW,
       'after the wrap')
    # cleared by the next programming of the buffer
    qt.wr(OACONTROL7, 0)
    buf.program()
    eq(qt.rd(OASTATUS1) & 7, 0, 'cleared')
    qt.close()


def test_gen7_fault_knobs(qemu):
    # force-overflow: IVB (overrun) writes and sets BUFFER_OVERFLOW, HSW
    # no-overrun holds every report back without a status bit
    qt = gen7_qt(qemu, 'ivb')
    buf = Gen7Buffer(qt, 'ivb', 7)
    t0 = buf.start(0, 10)
    qt.ctl_wr(CTL_FORCE_OVF, 1)
    qt.step(1500000)
    stamps = gen7_due(t0, gen7_ts(qt), 2048)
    st1 = qt.rd(OASTATUS1)
    eq(st1 & ~0x3f, buf.base + len(stamps) * 64, 'forced: tail moves')
    eq(st1 & 7, ST_BUFFER_OVERFLOW, 'forced: overflow')
    gen7_check(buf, 0, 0, stamps, 'forced')
    buf.program()
    eq(qt.ctl(CTL_FORCE_OVF), 0, 'OABUFFER ends the forced overflow')
    qt.close()
    qt = gen7_qt(qemu, 'hsw')
    buf = Gen7Buffer(qt, 'hsw', 0)
    buf.start(0, 10, True)
    qt.ctl_wr(CTL_FORCE_OVF, 1)
    qt.step(1500000)
    eq(qt.rd(OASTATUS1), buf.base, 'held back: tail, no status')
    eq(qt.rd(OABUFFER7) & OVERRUN_STATUS, OVERRUN_STATUS, 'held back')
    qt.close()
    # stall-tail and tail-race behave as on Gen8
    qt = gen7_qt(qemu, 'ivb')
    buf = Gen7Buffer(qt, 'ivb', 7)
    t0 = buf.start(3, 6)
    qt.ctl_wr(CTL_STALL, 1)
    qt.step(300000)
    eq(qt.rd(OASTATUS1) & ~0x3f, buf.base, 'tail stalled')
    qt.ctl_wr(CTL_STALL, 0)
    stamps = gen7_due(t0, gen7_ts(qt), 128)
    eq(qt.rd(OASTATUS1) & ~0x3f, buf.base + len(stamps) * 192,
       'real tail published')
    gen7_check(buf, 3, 0, stamps, 'stalled')
    qt.ctl_wr(CTL_TAIL_RACE, 1)
    qt.step(100000)
    n = ((qt.rd(OASTATUS1) & ~0x3f) - buf.base) // 192
    stamps = gen7_due(t0, gen7_ts(qt), 128)
    eq(n, len(stamps), 'tail published early')
    eq(buf.read((n - 1) * 192, 192), bytes(192), 'last report not landed')
    qt.step(1000)
    qt.rd(OASTATUS1)
    gen7_check(buf, 3, 0, stamps, 'landed')
    qt.close()


GEN7_HALF_FULL = 1 << 9     # i915 GT_PERFMON_BUFFER_HALF_FULL_INTERRUPT


def test_gen7_interrupts(qemu):
    # IVB (HSW and VLV share the core): half full raises GTISR/GTIIR bit
    # 9 (not bit 28, the Gen8 bank-3 bit) and, with DEIER bit 31 and
    # GTIER, one MSI; SNB has no OA interrupt
    for name in ('ivb', 'snb'):
        qt = gen7_qt(qemu, name)
        kind = gen7_plat(name)[2]
        enable_msi(qt)
        buf = Gen7Buffer(qt, kind, 7)
        qt.wr(GTIER, GEN7_HALF_FULL)
        qt.wr(GTIMR, ~GEN7_HALF_FULL & 0xffffffff)
        qt.wr(DEIER, 1 << 31)
        # 256-byte reports every 32 ticks: about 430 of the 512 that fit
        buf.start(4, 4 if kind == 'ivb' else 1)
        qt.step(1100000)
        if kind == 'snb':
            eq(qt.rd(GTIIR), 0, 'snb GTIIR')
            eq(qt.ctl(CTL_MSIS), 0, 'snb MSIs')
            eq(qt.ctl(CTL_HALF_IRQS), 0, 'snb half-full events')
            qt.close()
            continue
        eq(qt.rd(GTISR) & GEN7_HALF_FULL, GEN7_HALF_FULL, 'GTISR live')
        eq(qt.rd(GTIIR), GEN7_HALF_FULL, 'GTIIR latched')
        eq(qt.ctl(CTL_MSIS), 1, 'one MSI')
        # ivb_irq_handler: master off, clear GTIIR, master on
        qt.wr(DEIER, 0)
        qt.wr(GTIIR, qt.rd(GTIIR))
        qt.wr(DEIER, 1 << 31)
        eq(qt.rd(GTIIR), 0, 'GTIIR cleared')
        eq(qt.ctl(CTL_MSIS), 1, 'no MSI after clearing')
        # a masked source latches nothing
        qt.wr(OACONTROL7, 0)
        qt.wr(GTIMR, 0xffffffff)
        buf.start(4, 4)
        qt.step(1100000)
        eq(qt.rd(GTIIR), 0, 'masked')
        eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
        qt.close()


def test_gen7_violations(qemu):
    def expect(qt, code, what):
        eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, code), what)
        qt.close()

    def fresh(name='ivb'):
        qt = gen7_qt(qemu, name)
        return qt, Gen7Buffer(qt, gen7_plat(name)[2], 7)

    ctl = (10 << 6) | (1 << 5) | 1          # TP 10, timer, select 0
    # the correct sequence on every generation counts nothing
    for name in ('snb', 'ivb', 'vlv', 'hsw'):
        qt, buf = fresh(name)
        buf.start(0, 10)
        qt.step(100000)
        qt.wr(OASTATUS2, qt.rd(OASTATUS1) & ~0x3f)     # consumption
        qt.wr(OACONTROL7, 0)
        qt.wr(UCGCTL1, 0)
        buf.start(1, 10)
        eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' correct sequence')
        qt.close()
    # 22: OABUFFER, then OASTATUS1, written while enabled
    for reg in (OABUFFER7, OASTATUS1):
        qt, buf = fresh()
        buf.start(0, 10)
        qt.wr(reg, buf.base)
        eq(qt.ctl(CTL_LAST), 22, 'rule 22')
        qt.close()
    # 23: the buffer registers out of order
    qt, buf = fresh()
    buf.program()
    qt.wr(OABUFFER7, buf.base)
    qt.wr(OACONTROL7, ctl)
    expect(qt, 23, 'rule 23')
    # 24: tail not equal to head
    qt, buf = fresh()
    qt.wr(OASTATUS2, buf.base | 1)
    qt.wr(OABUFFER7, buf.base)
    qt.wr(OASTATUS1, (buf.base + 64) | (7 << 3))
    expect(qt, 24, 'rule 24')
    # 25: enabled with MISCCPCTL DOP gating on; then UCGCTL1 re-gated
    qt, buf = fresh()
    buf.program()
    qt.wr(MISCCPCTL, 1)
    qt.wr(OACONTROL7, ctl)
    expect(qt, 25, 'rule 25 at enable')
    qt, buf = fresh()
    buf.start(0, 10)
    qt.wr(UCGCTL1, 0)
    expect(qt, 25, 'rule 25 while enabled')
    # 26: 512 KiB alignment (IVB), 16 MiB (HSW)
    for name, base in (('ivb', 0x00440000), ('hsw', 0x01080000)):
        qt = gen7_qt(qemu, name)
        buf = Gen7Buffer(qt, gen7_plat(name)[2], 0, ggtt=base)
        buf.start(0, 10)
        expect(qt, 26, name + ' rule 26')
    # 27: PPGTT memory select on IVB (HSW's bit reads 1 and cannot)
    qt, buf = fresh()
    buf.program()
    qt.wr(OASTATUS2, buf.base)
    qt.wr(OABUFFER7, buf.base)
    qt.wr(OASTATUS1, buf.base | (7 << 3))
    qt.wr(OACONTROL7, ctl)
    expect(qt, 27, 'rule 27')
    qt = gen7_qt(qemu, 'hsw')
    qt.wr(OASTATUS2, 0)
    eq(qt.rd(OASTATUS2) & 1, 1, 'hsw memory select reads 1')
    qt.close()
    # 28: a select without a layout (SNB 4, IVB 6)
    for name, sel in (('snb', 4), ('ivb', 6)):
        qt, buf = fresh(name)
        buf.program()
        qt.wr(OACONTROL7, (10 << 6) | (1 << 5) | (sel << 2) | 1)
        expect(qt, 28, name + ' rule 28')


def test_gen7_registers(qemu):
    qt = gen7_qt(qemu, 'snb')
    qt.wr(OABUFFER7, 0x00480000)
    eq(qt.rd(OABUFFER7), 0, 'snb OABUFFER write-only')
    qt.close()
    qt = gen7_qt(qemu, 'hsw')
    for i in range(8):
        qt.wr(0x2710 + 4 * i, 0x100 + i)
        qt.wr(0x2740 + 4 * i, 0x200 + i)
    for i in range(16):
        qt.wr(0x2770 + 4 * i, 0x300 + i)
    eq([qt.rd(0x2710 + 4 * i) for i in range(8)],
       [0x100 + i for i in range(8)], 'hsw OASTARTTRIG')
    eq([qt.rd(0x2740 + 4 * i) for i in range(8)],
       [0x200 + i for i in range(8)], 'hsw OAREPORTTRIG')
    eq([qt.rd(0x2770 + 4 * i) for i in range(16)],
       [0x300 + i for i in range(16)], 'hsw CEC')
    qt.step(12345678)
    T = gen7_ts(qt)
    eq([qt.rd(0x2800 + 4 * n) for n in (0, 31, 44)],
       [counter(n, T) for n in (0, 31, 44)], 'hsw OAPERF live')
    qt.close()
    qt = gen7_qt(qemu, 'ivb')
    for i in range(8):
        qt.wr(0x2390 + 4 * i, 0x400 + i)
    eq([qt.rd(0x2390 + 4 * i) for i in range(8)],
       [0x400 + i for i in range(8)], 'ivb CEC')
    qt.close()


def test_gen7_migration(qemu):
    # a running HSW stream with a held-back no-overrun state migrates
    with tempfile.TemporaryDirectory() as tmp:
        qt = gen7_qt(qemu, 'hsw', monitor=os.path.join(tmp, 'src'))
        buf = Gen7Buffer(qt, 'hsw', 0)
        buf.start(5, 0, True)
        qt.step(200000)
        qt2 = migrate(qemu, qt, tmp, ',device-id=0x412')
        eq(qt2.rd(OABUFFER7) & OVERRUN_STATUS, OVERRUN_STATUS,
           'held back after migration')
        eq(qt2.rd(OASTATUS1) & ~0x3f, buf.base + 511 * 256, 'tail')
        eq(qt2.ctl(CTL_VIOLATIONS), 0, 'violations')
        qt2.close()


# ---- Gen12.5: DG2 and ATS-M (dg2.rst) --------------------------------------

# DG2/ATS-M rows: name, PCI id, DSS mask, MSLICE fuse, RP0 MHz (dg2.rst:
# RP1 1000, RPn 300, 16 EUs per DSS, R = 50 on every row)
XEHP_PLATFORMS = [(r['name'], r['devid'], r['dss'], r['mslice'], r['rp0'])
                  for r in TABLE if r['family'] == 'DG2']
XEHP_OA_HZ, XEHP_CS_HZ, XEHP_R = 38400000, 19200000, 50
XEHP_SIZES = {5: 256, 1: 448}
OAG_MMIOTRIGGER = 0xdb1c
REASON_MMIO = 1 << 6
SOURCE_CPU = 1


FW_GT_REQ, FW_RENDER_REQ, MCR_SELECTOR = 0xa188, 0xa278, 0xfdc
MCR_MULTICAST = 1 << 31


def xehp_qt(qemu, name='dg2-g10', awake=True, guc=False, props='', **kw):
    """A DG2/ATS-M device, by default with GT and Render forcewake held
    as the driver holds them for a stream (dg2.rst "Forcewake"); with
    @guc, a GuC image loaded and running (guc-firmware.rst)."""
    devid = next(r[1] for r in XEHP_PLATFORMS if r[0] == name)
    qt = QTest(qemu, ',device-id=0x%x' % devid + props, awake=awake, **kw)
    if guc:
        eq(guc_load(qt, css_image()), GS_READY, 'GuC boot')
    return qt


def mcr_sel(sliceid, subsliceid):
    return (sliceid << 27) | (subsliceid << 24)


def mcr_wr(qt, off, val):
    """A replicated register is written multicast."""
    qt.wr(MCR_SELECTOR, MCR_MULTICAST)
    qt.wr(off, val)
    qt.wr(MCR_SELECTOR, 0)


def mcr_rd(qt, off, sliceid, subsliceid):
    qt.wr(MCR_SELECTOR, mcr_sel(sliceid, subsliceid))
    val = qt.rd(off)
    qt.wr(MCR_SELECTOR, 0)
    return val


def sqidi_rd(qt, off):
    """SQIDI 2 exists on all three DG2 topologies (seed 002)."""
    return mcr_rd(qt, off, 0, 2)


def xehp_ts(qt):
    return qt.ts_base + qt.now * XEHP_OA_HZ // 10**9


def xehp_report(sel, T, period=None, cs=True, trigger=None, seed=SEED):
    """A Gen12.5 report at T, from the dg2.rst layout table. @trigger is
    (CTX_ID, SourceID) for an MMIO-triggered report."""
    if trigger:
        rpt = (REASON_MMIO << 19) | (trigger[1] << 26)
        ctx = trigger[0]
    else:
        rpt, _, ctx, _ = rpt_header(T, period, cs)
    A = lambda i, w=32: counter(i, T, seed, w)
    B = lambda i: counter(38 + i, T, seed)
    C = lambda i: counter(46 + i, T, seed)
    if sel == 5:
        a40 = [A(i, 40) for i in range(32)]
        hi = [(v >> 32) & 0xff for v in a40]
        packed = [hi[4 * j] | hi[4 * j + 1] << 8 | hi[4 * j + 2] << 16 |
                  hi[4 * j + 3] << 24 for j in range(8)]
        dw = [rpt, T & 0xffffffff, ctx, (T * XEHP_R) & 0xffffffff]
        dw += [A(i) for i in range(36)]
        dw += [A(36)] + packed[1:6] + [A(37)] + [packed[7]]
        dw += [B(i) for i in range(8)] + [C(i) for i in range(8)]
        return struct.pack('<64I', *dw)
    ts56 = T % (1 << 56)
    ticks = (T * XEHP_R) % (1 << 64)
    dw = [rpt, 0, ts56 & 0xffffffff, ts56 >> 32, ctx, 0,
          ticks & 0xffffffff, ticks >> 32]
    for i in range(38):
        v = A(i, 64)
        dw += [v & 0xffffffff, v >> 32]
    dw += [0] * 4
    dw += [B(i) for i in range(8)] + [C(i) for i in range(8)]
    dw += [0] * 8
    return struct.pack('<112I', *dw)


def xehp_compare(got, want, what):
    if got != want:
        n = len(want) // 4
        gw = struct.unpack('<%dI' % n, got)
        ww = struct.unpack('<%dI' % n, want)
        bad = [j for j in range(n) if gw[j] != ww[j]]
        raise AssertionError('%s: dwords %s differ: got %s want %s' %
                             (what, bad[:6], [hex(gw[j]) for j in bad[:6]],
                              [hex(ww[j]) for j in bad[:6]]))


def xehp_program(qt, buf, off=0):
    """i915's gen12 buffer init, head and tail @off bytes into it."""
    qt.wr(OAG['status'], 0)
    qt.wr(OAG['head'], buf.base + off)
    qt.wr(OAG['buffer'], buf.base | (buf.size_sel << 3) | 1)
    qt.wr(OAG['tail'], buf.base + off)


def test_xehp_identity(qemu):
    for name, devid, dss, mslice, rp0 in XEHP_PLATFORMS:
        qt = xehp_qt(qemu, name)
        eq(qt.cfg_readl(0x00), devid << 16 | 0x8086, name + ' id')
        eq(qt.cfg_readl(0x08) & 0xff, 0x01, name + ' revision')
        eq(qt.cfg_readl(0x2c), 0x11001af4, name + ' subsystem')
        eq(qt.cfg_readl(0x50) & 0xffff, 3 << 6, name + ' GMCH_CTRL')
        eq(qt.rd(0x913c), dss, name + ' GT_GEOMETRY_DSS_ENABLE')
        eq(qt.rd(0x9144), dss, name + ' GT_COMPUTE_DSS_ENABLE')
        eq(2 * popcount(qt.rd(0x9134) & 0xff), 16, name + ' EUs per DSS')
        eq(qt.rd(0x9118) & 0xf, mslice, name + ' MSLICE fuse')
        eq(qt.rd(0x0d00), 0x14, name + ' RPM_CONFIG0')
        eq(decode_ts_hz(qt, name, 12), XEHP_CS_HZ, name + ' CS clock')
        cap = qt.rd(0x145998)
        eq((50 * (cap & 0xff), 50 * ((cap >> 8) & 0xff),
            50 * ((cap >> 16) & 0xff)), (rp0, 1000, 300), name + ' RP caps')
        eq((qt.rd(0x1381b4) >> 11) & 0x1ff,
           XEHP_R * XEHP_OA_HZ * 3 // 50000000, name + ' CAGF')
        eq(qt.ctl(CTL_RATIO), XEHP_R, name + ' ratio')
        qt.step(10**9 + 777)
        T = xehp_ts(qt)
        eq(qt.rd(RING_TIMESTAMP), (T // 2) & 0xffffffff,
           name + ' RING_TIMESTAMP = floor(T / 2)')
        eq(int(qt.cmd('readq 0x%x' % (BAR0 + RING_TIMESTAMP)), 16),
           (T // 2) % (1 << 36), name + ' 64-bit RING_TIMESTAMP')
        eq(qt.ctl(CTL_VIOLATIONS), 0, name + ' violations')
        qt.close()


def xehp_stream(qemu, sel):
    qt = xehp_qt(qemu)
    buf = OABuffer(qt)
    period = 1 << 16
    qt.step(CTX_SLICE * 10**9 // XEHP_OA_HZ)
    ts_en = xehp_ts(qt)
    start_block(qt, buf, OAG, sel, 15)
    ts0 = first_ts(ts_en, period)
    qt.step(2 * CTX_SLICE * 10**9 // XEHP_OA_HZ)
    n = (xehp_ts(qt) - ts0) // period + 1
    rs = XEHP_SIZES[sel]
    eq(qt.rd(OAG['tail']) - buf.base, n * rs, 'select %d tail' % sel)
    for i in range(n):
        T = ts0 + i * period
        xehp_compare(buf.read(i * rs, rs), xehp_report(sel, T, period),
                     'select %d report %d (T %d)' % (sel, i, T))
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_xehp_format_12(qemu):
    xehp_stream(qemu, 5)


def test_xehp_format_43(qemu):
    xehp_stream(qemu, 1)


def test_xehp_format_43_split(qemu):
    # 448 does not divide the buffer: a report starting 192 bytes before
    # the end continues at the start; the 56-bit TIME_STAMP and 64-bit
    # counters come from a T beyond 2^40
    base = (1 << 40) + 12345
    qt = xehp_qt(qemu, ts_base=base)
    buf = OABuffer(qt)
    off = buf.size - 192
    xehp_program(qt, buf, off)
    qt.wr(OAG['timer'], (15 << 2) | 3)
    ts_en = xehp_ts(qt)
    qt.wr(OAG['control'], (1 << 2) | 1)
    period = 1 << 16
    ts0 = first_ts(ts_en, period)
    qt.step((ts0 + 2 * period - base) * 10**9 // XEHP_OA_HZ + 1 - qt.now)
    eq(qt.rd(OAG['tail']) - buf.base, 3 * 448 - 192, 'tail wrapped')
    for i in range(3):
        T = ts0 + i * period
        xehp_compare(buf.read((off + i * 448) % buf.size, 448),
                     xehp_report(1, T, period), 'report %d' % i)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_xehp_mmio_trigger(qemu):
    qt = xehp_qt(qemu)
    buf = OABuffer(qt)
    qt.wr(OAG_MMIOTRIGGER, 0x77)
    eq(qt.ctl(CTL_WRITTEN), 0, 'disabled: trigger ignored')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'disabled: no violation')
    for sel in (1, 5):
        rs = XEHP_SIZES[sel]
        qt.wr(OAG['control'], 0)
        mcr_wr(qt, OA_TLB_INV_CR, 1)
        xehp_program(qt, buf, buf.size - 128)
        qt.wr(OAG['debug'], NO_CTX_SWITCH)
        qt.wr(OAG['timer'], 0)              # no periodic report at all
        qt.wr(OAG['control'], (sel << 2) | 1)
        qt.step(5000)
        marker = 0xc0de0000 | sel
        qt.wr(OAG_MMIOTRIGGER, marker)
        T = xehp_ts(qt)
        eq(qt.rd(OAG['tail']) - buf.base, rs - 128,
           'select %d: one report at once, split at the end' % sel)
        got = buf.read(buf.size - 128, rs)
        xehp_compare(got, xehp_report(sel, T, trigger=(marker, SOURCE_CPU)),
                     'select %d triggered report' % sel)
        eq(struct.unpack('<I', got[:4])[0] & (1 << 16), 0,
           'context-valid clear')
        qt.step(10**7)
        eq(qt.rd(OAG['tail']) - buf.base, rs - 128, 'and nothing else')
    eq(qt.ctl(CTL_WRITTEN), 2, 'two reports written')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()
    # elsewhere 0xdb1c is no trigger
    qt = QTest(qemu, ',device-id=0x9a49')
    buf = OABuffer(qt)
    start_block(qt, buf, OAG, 5, 63)
    qt.wr(OAG['debug'], NO_CTX_SWITCH)
    tail = qt.rd(OAG['tail'])
    qt.wr(OAG_MMIOTRIGGER, 1)
    eq(qt.rd(OAG['tail']), tail, 'tgl: no MMIO trigger')
    qt.close()


def test_xehp_violations(qemu):
    qt = xehp_qt(qemu)
    buf = OABuffer(qt)
    xehp_program(qt, buf)
    for sel in (1, 5):
        qt.wr(OAG['control'], (sel << 2) | 1)
        qt.wr(OAG['control'], 0)
        mcr_wr(qt, OA_TLB_INV_CR, 1)
        xehp_program(qt, buf)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'selects 1 and 5 are valid')
    qt.wr(OAG['control'], (2 << 2) | 1)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, 16), 'select 2')
    qt.wr(OAG['control'], 0)
    mcr_wr(qt, OA_TLB_INV_CR, 1)
    # a PTE with bit 1 (local memory) set faults like a non-present one
    pte = GGTT + ((buf.base >> 12) + 1) * 8
    qt.cmd('writeq 0x%x 0x%x' % (pte, buf.phys[1] | 3))
    qt.wr(GFX_FLSH_CNTL, 1)
    xehp_program(qt, buf, 4096 - 64)
    qt.wr(OAG['timer'], 0)
    qt.wr(OAG['debug'], NO_CTX_SWITCH)
    qt.wr(OAG['control'], (5 << 2) | 1)
    qt.wr(OAG_MMIOTRIGGER, 1)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (2, 13),
       'LM PTE: GGTT fault')
    eq(qt.rd(OAG['status']) & ST_REPORT_LOST, ST_REPORT_LOST, 'report lost')
    qt.close()



# GuC interface and doorbells (dg2.rst "GuC", "Doorbells")
GUC_STATUS, SOFT_SCRATCH0, GUC_HOST_INTR = 0xc000, 0xc180, 0xc4b8
GUC_SEND, GUC_H2G_DATA, GUC_WD_VECS_IER = 0xc4c8, 0xc590, 0xc558
GUC_DB_ISR0, DOORBELL_CTRL, GTI_DB_GROUP0 = 0xc5c0, 0xc5e0, 0x1900
DB_PHYS0, DB_PAGES = 0x3ff000, 0x400000
GUC_SG_ENABLE, GUC_SG_MASK = 0x190038, 0x1900e8
GUC_DW0 = 1 << 25
V_GUC2HOST, V_DB_RANG = 1 << 15, 1 << 10
CTL_GUC_HANG, CTL_IRQ_IN_SERVICE, CTL_H2G = 0x38, 0x3c, 0x40
CTL_G2H, CTL_DB_SERVICED, CTL_GUC_OA_IRQS, CTL_G2H_DROPPED = (
    0x44, 0x48, 0x4c, 0x50)
GUC_NS = 20000


def scratch(n):
    return SOFT_SCRATCH0 + 4 * n


def hxg(origin, typ, rest):
    return (origin << 31) | (typ << 28) | rest


# i915 INTEL_GUC_ACTION_ALLOCATE_DOORBELL / _DEALLOCATE_DOORBELL
ACT_ALLOCATE, ACT_DEALLOCATE = 0x10, 0x20


def guc_send(qt, action, dw1=0, dw2=0, dw3=0):
    for i, v in enumerate((dw1, dw2, dw3)):
        qt.wr(scratch(1 + i), v)
    qt.wr(scratch(0), hxg(0, 0, action))
    qt.wr(GUC_SEND, 1)


def guc_call(qt, action, dw1=0, dw2=0, dw3=0):
    guc_send(qt, action, dw1, dw2, dw3)
    qt.step(GUC_NS)
    return qt.rd(scratch(0))


# GuC boot path (guc-firmware.rst; i915 intel_guc_reg.h, guc_errors_abi.h)
GDRST, GUC_HEADER_INFO, GUC_WOPCM_SIZE, GUC_SHIM = 0x941c, 0xc014, 0xc050, 0xc064
CTL_GUC_PRELOADED = 0x80                                # control page version 6
UOS_RSA0, DMA_ADDR0_LO, DMA_COPY_SIZE, DMA_CTRL = 0xc200, 0xc300, 0xc310, 0xc314
DMA_WOPCM_OFFSET = 0xc340
GS_IN_RESET = 1
GS_READY = (2 << 30) | (0xf0 << 8) | (0x76 << 1)
GUC_BOOT_NS = 2000000
GUC_IMG_GGTT, GUC_IMG_PHYS = 0x00800000, 0x05000000


def css_image(ucode=4096, key_dw=96, mod_dw=None, hdr_dw=None):
    """A CSS header (i915 struct uc_css_header) and a uCode body whose
    bytes all differ from their neighbours'."""
    mod_dw = key_dw if mod_dw is None else mod_dw
    hdr_dw = 32 + key_dw + mod_dw + 1 if hdr_dw is None else hdr_dw
    hdr = struct.pack('<10I', 6, hdr_dw, 0x10000, 0, 0x8086, 0x20261127,
                      hdr_dw + ucode // 4, key_dw, mod_dw, 1)
    hdr += struct.pack('<I', 0) + b'qtest\0\0\0' + b'1.0'.ljust(12, b'\0')
    hdr += struct.pack('<15I', 0x460501, *([0] * 14)) + struct.pack('<I', 0xc55)
    assert len(hdr) == 128
    return hdr + bytes((i * 7 + 3) & 0xff for i in range(ucode))


def guc_load(qt, img, sig=b'\x5a' * 384, shim=True, wopcm=True,
             dst=0x2000, step=True):
    """i915's load sequence: the image and then the signature (its GGTT
    address in UOS_RSA_SCRATCH(0)) in GGTT pages, WOPCM partition, DMA
    with UOS_MOVE; GUC_STATUS after the boot ROM's time."""
    blob = img + bytes(-len(img) % 4096) + sig
    for i in range((len(blob) + 4095) // 4096):
        qt.cmd('writeq 0x%x 0x%x' % (GGTT + ((GUC_IMG_GGTT >> 12) + i) * 8,
                                     (GUC_IMG_PHYS + i * 4096) | 1))
    qt.wr(GFX_FLSH_CNTL, 1)
    for off in range(0, len(blob), 1024):
        qt.cmd('write 0x%x 0x%x 0x%s' % (GUC_IMG_PHYS + off,
                                         len(blob[off:off + 1024]),
                                         blob[off:off + 1024].hex()))
    qt.wr(GDRST, 1 << 3)
    if wopcm:
        qt.wr(GUC_WOPCM_SIZE, 0x1f3000 | 1)
        qt.wr(DMA_WOPCM_OFFSET, 0x4000 | 1)
    if shim:
        qt.wr(GUC_SHIM, 0x8602)
    qt.wr(UOS_RSA0, GUC_IMG_GGTT + len(img) + (-len(img) % 4096))
    qt.wr(DMA_ADDR0_LO, GUC_IMG_GGTT)
    qt.wr(DMA_ADDR0_LO + 4, 0)
    qt.wr(DMA_ADDR0_LO + 8, dst)
    qt.wr(DMA_ADDR0_LO + 12, 7 << 16)
    qt.wr(DMA_COPY_SIZE, len(img))
    qt.wr(DMA_CTRL, (0x11 << 16) | 0x11)
    if step:
        qt.step(GUC_BOOT_NS)
    return qt.rd(GUC_STATUS)


def test_xehp_guc_boot(qemu):
    """guc-firmware.rst: the GuC from reset, the DMA, the boot ROM's
    verdicts (i915 abi/guc_errors_abi.h codes in GUC_STATUS 7:1) and
    GDRST's GuC domain."""
    qt = xehp_qt(qemu)
    eq(qt.rd(GUC_STATUS), GS_IN_RESET, 'from reset: the MIA in reset')
    eq(guc_call(qt, 0x0), hxg(0, 0, 0), 'no uKernel: PING unanswered')
    eq(qt.ctl(CTL_H2G), 0, 'nothing answered')
    eq(guc_load(qt, css_image(), step=False), 0, 'out of reset, no verdict')
    eq(qt.rd(DMA_CTRL), 0x10, 'START_DMA clears when the copy is done')
    qt.step(GUC_BOOT_NS - 1)
    eq(qt.rd(GUC_STATUS), 0, 'no verdict before 2 ms')
    qt.step(1)
    eq(qt.rd(GUC_STATUS), GS_READY, 'boot ROM 0x76, uKernel READY, auth good')
    eq(qt.rd(GUC_HEADER_INFO), 0xc55, 'the image\'s header_info')
    eq(guc_call(qt, 0x0), hxg(1, 7, 1), 'PING answered')
    qt.wr(GUC_WOPCM_SIZE, 0x100000 | 1)
    eq(qt.rd(GUC_WOPCM_SIZE), 0x1f3001, 'WOPCM partition is write-once')
    qt.wr(DMA_CTRL, (0x11 << 16) | 0x11)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, 40),
       'DMA while the GuC runs')
    eq(qt.rd(GUC_STATUS), GS_READY, 'the GuC still runs')
    guc_send(qt, 0x0)
    qt.wr(GDRST, 1 << 3)
    eq(qt.rd(GDRST), 0, 'the reset completes at once')
    eq(qt.rd(GUC_STATUS), GS_IN_RESET, 'GDRST GuC domain: in reset')
    qt.step(GUC_NS)
    eq(qt.rd(scratch(0)), hxg(0, 0, 0), 'the pending request died with it')
    eq(guc_load(qt, css_image(key_dw=64)), 0x13 << 1,
       'a 256-byte key this part lacks: NO_KEY_FOUND')
    eq(guc_load(qt, css_image(hdr_dw=200)), (1 << 30) | (0x50 << 1),
       'header sizes disagree: RSA_FAILED, auth bad')
    eq(guc_load(qt, css_image(), dst=0x1000), 0x75 << 1,
       'not at 8 KiB: LOADLOC_FAILED')
    eq(guc_load(qt, css_image()), GS_READY, 'a good image boots again')
    qt.close()

    # guc-preloaded: the state another driver leaves behind
    qt = xehp_qt(qemu)
    eq(qt.ctl(CTL_GUC_PRELOADED), 0, 'in reset: not running')
    qt.ctl_wr(CTL_GUC_PRELOADED, 1)
    eq(qt.rd(GUC_STATUS), GS_READY, 'preloaded: READY at once')
    eq(qt.ctl(CTL_GUC_PRELOADED), 1, 'reads 1 while it runs')
    eq(guc_call(qt, 0x0), hxg(1, 7, 1), 'and it answers')
    qt.wr(GDRST, 1 << 3)
    eq((qt.rd(GUC_STATUS), qt.ctl(CTL_GUC_PRELOADED)), (GS_IN_RESET, 0),
       'GDRST: in reset again')
    # function level reset through the AF capability at 0xa4
    eq(qt.cfg_readl(0x34) & 0xff, 0xa4, 'capability list starts at 0xa4')
    eq(qt.cfg_readl(0xa4) & 0xffff00ff, 0x03060013,
       'AF: length 6, TP and FLR')
    qt.ctl_wr(CTL_GUC_PRELOADED, 1)
    qt.cfg_writel(0xa8, 1)
    eq(qt.cfg_readl(0xa8) & 0xff, 0, 'FLR done: the bit reads 0')
    eq(qt.cfg_readl(0x04) & 0x6, 0, 'memory and bus master off')
    qt.setup_pci()
    eq((qt.rd(GUC_STATUS), qt.ctl(CTL_GUC_PRELOADED)), (GS_IN_RESET, 0),
       'FLR: the GuC in reset')
    qt.close()

    qt = xehp_qt(qemu)
    eq(guc_load(qt, css_image(), wopcm=False), 0x74 << 1,
       'WOPCM not partitioned: WOPCM_FAILED')
    qt.close()
    qt = xehp_qt(qemu)
    eq(guc_load(qt, css_image(), shim=False), GS_READY, 'boots without shim')
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, 39),
       'DMA before GUC_SHIM_CONTROL')
    # an unmapped source page: the DMA stops, START_DMA stays set
    qt.wr(GDRST, 1 << 3)
    qt.cmd('writeq 0x%x 0x0' % (GGTT + ((GUC_IMG_GGTT >> 12) + 1) * 8))
    qt.wr(GFX_FLSH_CNTL, 1)
    qt.wr(DMA_CTRL, (0x11 << 16) | 0x11)
    qt.step(GUC_BOOT_NS)
    eq(qt.rd(DMA_CTRL) & 1, 1, 'DMA fault: START_DMA stays set')
    eq(qt.rd(GUC_STATUS), GS_IN_RESET, 'the boot ROM never ran')
    qt.close()


def openssl(*args, data=None):
    return subprocess.run(('openssl',) + args, input=data, check=True,
                          stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE).stdout


def test_xehp_guc_rsa(qemu):
    """guc-key: the boot ROM checks an RSASSA-PKCS1-v1_5 SHA-256 signature
    of the copied header and uCode with the key; one changed byte of
    either, or of the signature, is RSA_FAILED with auth bad."""
    bad = (1 << 30) | (0x50 << 1)
    with tempfile.TemporaryDirectory() as tmp:
        pem = os.path.join(tmp, 'key.pem')
        openssl('genrsa', '-out', pem, '3072')
        mod = openssl('rsa', '-in', pem, '-noout', '-modulus')
        modfile = os.path.join(tmp, 'modulus')
        with open(modfile, 'wb') as f:
            f.write(bytes.fromhex(mod.decode().strip().split('=')[1]))
        img = css_image()
        sig = openssl('dgst', '-sha256', '-sign', pem, data=img)
        eq(len(sig), 384, 'a 3072-bit signature')
        qt = xehp_qt(qemu, props=',guc-key=' + modfile)
        eq(guc_load(qt, img, sig), GS_READY, 'signed image: READY')
        ucode = bytearray(img)
        ucode[128 + 1000] ^= 0x01
        eq(guc_load(qt, bytes(ucode), sig), bad, 'one uCode bit: RSA_FAILED')
        hdr = bytearray(img)
        hdr[44] ^= 0x80
        eq(guc_load(qt, bytes(hdr), sig), bad, 'one header bit: RSA_FAILED')
        eq(guc_load(qt, img, sig[:-1] + bytes([sig[-1] ^ 1])), bad,
           'one signature bit: RSA_FAILED')
        eq(guc_load(qt, img, bytes(384)), bad, 'zero signature: RSA_FAILED')
        eq(guc_load(qt, img, sig), GS_READY, 'and the signed image again')
        qt.close()
        short = os.path.join(tmp, 'short')
        with open(short, 'wb') as f:
            f.write(bytes.fromhex(mod.decode().strip().split('=')[1])[:256])
        expect_realize_error(qemu, ',device-id=0x56a0,guc-key=' + short,
                             ['guc-key', '384-byte'])
        expect_realize_error(qemu, ',device-id=0x56a0,guc-key=' +
                             os.path.join(tmp, 'none'), ['guc-key'])


# CT buffers (guc-firmware.rst; i915/xe guc_communication_ctb_abi.h,
# guc_klvs_abi.h): xe's layout, G2H descriptor at 2 KiB, ring at 8 KiB
CT_GGTT, CT_PHYS = 0x00900000, 0x05800000
CT_G2H_DESC, CT_G2H_RING = 0x800, 0x2000
ACT_SELF_CFG, ACT_CONTROL_CTB = 0x0508, 0x4509


def ct_setup(qt, g2h_size=0x2000):
    """xe's guc_ct_ctb_*_register() and guc_ct_control_toggle()."""
    for i in range((CT_G2H_RING + g2h_size) // 4096):
        qt.cmd('writeq 0x%x 0x%x' % (GGTT + ((CT_GGTT >> 12) + i) * 8,
                                     (CT_PHYS + i * 4096) | 1))
    qt.wr(GFX_FLSH_CNTL, 1)
    qt.cmd('memset 0x%x 0x%x 0' % (CT_PHYS, CT_G2H_RING + g2h_size))
    for key, length, val in ((0x903, 2, CT_GGTT), (0x902, 2, CT_GGTT + 0x1000),
                             (0x904, 1, 0x1000),
                             (0x906, 2, CT_GGTT + CT_G2H_DESC),
                             (0x905, 2, CT_GGTT + CT_G2H_RING),
                             (0x907, 1, g2h_size)):
        eq(guc_call(qt, ACT_SELF_CFG, (key << 16) | length, val, 0),
           hxg(1, 7, 1), 'SELF_CFG 0x%x: one KLV taken' % key)
    eq(guc_call(qt, ACT_CONTROL_CTB, 1), hxg(1, 7, 0), 'CONTROL_CTB enable')


def g2h_msgs(qt, g2h_size=0x2000, fences=False):
    """Consume the G2H ring as the host does: the HXG dwords of each
    message from head to tail (with fences, (fence, dwords) pairs), then
    head = tail."""
    desc = CT_PHYS + CT_G2H_DESC
    head, tail = struct.unpack('<II', qt.mem(desc, 8))
    size = g2h_size // 4

    def dw(i):
        return struct.unpack('<I', qt.mem(CT_PHYS + CT_G2H_RING +
                                          4 * (i % size), 4))[0]
    out = []
    while head != tail:
        n = dw(head) & 0xff
        msg = [dw(head + 1 + k) for k in range(n)]
        out.append((dw(head) >> 16, msg) if fences else msg)
        head = (head + 1 + n) % size
    qt.cmd('writel 0x%x 0x%x' % (desc, head))
    return out


# the H2G descriptor at 0 and its 4 KiB ring at 4 KiB (ct_setup())
CT_H2G_RING, CT_H2G_DW = 0x1000, 1024


def h2g_write(qt, tail, dws):
    """Write dwords into the H2G ring at @tail and publish the new tail
    (i915 ct_write()); the new tail."""
    for v in dws:
        qt.cmd('writel 0x%x 0x%x' % (CT_PHYS + CT_H2G_RING + 4 * tail, v))
        tail = (tail + 1) % CT_H2G_DW
    qt.cmd('writel 0x%x 0x%x' % (CT_PHYS + 4, tail))
    return tail


def h2g_request(fence, action, dw1=0, dw2=0, dw3=0):
    """A CTB message: header (FENCE, FORMAT HXG, 4 dwords), HXG request."""
    return [(fence << 16) | 4, hxg(0, 0, action), dw1, dw2, dw3]


def h2g_desc(qt):
    """(head, tail, status) of the H2G descriptor."""
    return struct.unpack('<III', qt.mem(CT_PHYS, 12))


def test_xehp_guc_ct_h2g(qemu):
    """Requests over the H2G CT buffer (guc_communication_ctb_abi.h): the
    GuC reads them 20 us after GUC_SEND_INTERRUPT, in order, moves the
    descriptor head, and answers each in the G2H ring under the request's
    fence; guc-late, guc-garbage and guc-hang act on them; a malformed
    message breaks the channel with the ABI's status bits."""
    qt = xehp_qt(qemu, guc=True)
    guc_irq_setup(qt)
    ct_setup(qt)
    h2g = h2g_write(qt, 0, h2g_request(7, 0x0))
    qt.wr(GUC_SEND, 1)
    qt.step(GUC_NS - 1)
    eq(h2g_desc(qt), (0, 5, 0), 'not read before 20 us')
    qt.step(1)
    eq(h2g_desc(qt), (5, 5, 0), 'read: head = tail')
    eq(g2h_msgs(qt, fences=True), [(7, [hxg(1, 7, 1)])],
       'PING answered under fence 7')
    dw0, ident = guc_service(qt)
    eq(ident & 0xffff, V_GUC2HOST, 'GUC2HOST raised')
    qt.wr(GT_INTR_DW0, dw0)
    # two requests, one trigger: answered in order, each its own fence
    h2g = h2g_write(qt, h2g, h2g_request(8, ACT_ALLOCATE, 3, 2 * 4096, 1) +
                    h2g_request(9, 0x1234))
    qt.wr(GUC_SEND, 1)
    qt.step(GUC_NS)
    eq(g2h_msgs(qt, fences=True),
       [(8, [hxg(1, 7, 0)]), (9, [hxg(1, 6, 0xff)])],
       'ALLOCATE done, unknown action refused')
    eq(qt.rd(DB_PHYS0 + 8 * 3), 1 | (2 << 12), 'the doorbell is armed')
    eq(qt.ctl(CTL_H2G), 10, 'answered: 7 set-up over MMIO, PING, 2 over CT')
    # guc-late: each reply late_ms after the GuC took the request, the
    # next request read only then
    qt.ctl_wr(CTL_GUC_LATE, 3)
    h2g = h2g_write(qt, h2g, h2g_request(10, 0x0) + h2g_request(11, 0x0))
    qt.wr(GUC_SEND, 1)
    qt.step(GUC_NS)
    eq(h2g_desc(qt)[0], 20, 'the first taken')
    qt.step(3000000 - 1)
    eq(g2h_msgs(qt, fences=True), [], 'nothing before 3 ms')
    qt.step(1)
    eq(g2h_msgs(qt, fences=True), [(10, [hxg(1, 7, 1)])], 'fence 10 at 3 ms')
    eq(h2g_desc(qt)[0], 25, 'the second taken then')
    qt.ctl_wr(CTL_GUC_LATE, 0)
    qt.step(3000000)
    eq(g2h_msgs(qt, fences=True), [(11, [hxg(1, 7, 1)])],
       'fence 11 keeps its deadline')
    # an MMIO request answered BUSY does not stop the channel's trigger
    qt.ctl_wr(CTL_GUC_LATE, 3)
    guc_send(qt, 0x0)
    qt.step(GUC_NS)
    eq(qt.rd(scratch(0)), hxg(1, 3, 0), 'MMIO request BUSY')
    qt.ctl_wr(CTL_GUC_LATE, 0)
    h2g = h2g_write(qt, h2g, h2g_request(12, 0x0))
    qt.wr(GUC_SEND, 1)
    qt.step(GUC_NS)
    eq(g2h_msgs(qt, fences=True), [(12, [hxg(1, 7, 1)])],
       'CT answered while the MMIO request is BUSY')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'that trigger is no send while busy')
    qt.step(3000000)
    eq(qt.rd(scratch(0)), hxg(1, 7, 1), 'the MMIO reply at 3 ms')
    # guc-garbage: under the fence, a message of host origin with junk
    qt.ctl_wr(CTL_GUC_GARBAGE, 1)
    h2g = h2g_write(qt, h2g, h2g_request(13, ACT_DEALLOCATE, 3))
    qt.wr(GUC_SEND, 1)
    qt.step(GUC_NS)
    eq(g2h_msgs(qt, fences=True),
       [(13, [hxg(0, 1, 0x0badc0de & 0x0fffffff)] + [0xdeadbeef] * 3)],
       'garbage under fence 13')
    eq(qt.rd(DB_PHYS0 + 8 * 3) & 1, 1, 'and the action not done')
    qt.ctl_wr(CTL_GUC_GARBAGE, 0)
    # guc-hang: nothing read; read 20 us after the knob clears
    qt.ctl_wr(CTL_GUC_HANG, 1)
    h2g = h2g_write(qt, h2g, h2g_request(14, ACT_DEALLOCATE, 3))
    qt.wr(GUC_SEND, 1)
    qt.step(10 * GUC_NS)
    eq(h2g_desc(qt)[0], 35, 'hung: not read')
    qt.ctl_wr(CTL_GUC_HANG, 0)
    qt.step(GUC_NS)
    eq(g2h_msgs(qt, fences=True), [(14, [hxg(1, 7, 0)])], 'read on recovery')
    eq(qt.rd(DB_PHYS0 + 8 * 3) & 1, 0, 'disarmed')
    # malformed: a length beyond the tail is UNDERFLOW, and the GuC stops
    h2g = h2g_write(qt, h2g, [(15 << 16) | 200, hxg(0, 0, 0)])
    qt.wr(GUC_SEND, 1)
    qt.step(GUC_NS)
    eq(h2g_desc(qt), (40, 42, 2), 'status UNDERFLOW, head kept')
    h2g = h2g_write(qt, h2g, h2g_request(16, 0x0))
    qt.wr(GUC_SEND, 1)
    qt.step(GUC_NS)
    eq(g2h_msgs(qt), [], 'a broken channel is not read')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()
    # a format other than HXG is MISMATCH
    qt = xehp_qt(qemu, guc=True)
    ct_setup(qt)
    h2g_write(qt, 0, [(1 << 16) | (1 << 12) | 1, 0])
    qt.wr(GUC_SEND, 1)
    qt.step(GUC_NS)
    eq(h2g_desc(qt), (0, 2, 4), 'status MISMATCH')
    qt.close()


def guc_irq_setup(qt):
    """Tile and GuC vector bits 15 and 10 enabled and unmasked."""
    vec = (V_GUC2HOST | V_DB_RANG) << 16
    qt.wr(GUC_SG_ENABLE, vec)
    qt.wr(GUC_SG_MASK, ~vec & 0xffffffff)
    qt.wr(DG1_MSTR_TILE_INTR, 1 << 31)


def guc_service(qt):
    """The seed's ISR for the GuC instance: (DW0, identity)."""
    qt.wr(DG1_MSTR_TILE_INTR, 0)
    qt.wr(DG1_MSTR_TILE_INTR, qt.rd(DG1_MSTR_TILE_INTR))
    qt.wr(GFX_MSTR_IRQ, qt.rd(GFX_MSTR_IRQ))
    dw0 = qt.rd(GT_INTR_DW0)
    ident = 0
    if dw0 & GUC_DW0:
        qt.wr(IIR_REG_SELECTOR0, GUC_DW0)
        ident = qt.rd(INTR_IDENTITY_REG0)
        qt.wr(INTR_IDENTITY_REG0, 1 << 31)
    return dw0, ident


def test_xehp_guc_h2g(qemu):
    qt = xehp_qt(qemu, guc=True)
    eq(qt.rd(GUC_STATUS), GS_READY, 'GUC_STATUS: firmware running')
    eq(qt.rd(GUC_WD_VECS_IER), 0xffffffff, 'redirection resets to GuC')
    guc_send(qt, 0x0)
    eq(qt.rd(GUC_H2G_DATA), 1, 'send value latched')
    qt.step(GUC_NS - 1)
    eq(qt.rd(scratch(0)), 0, 'no answer before 20 us')
    qt.step(1)
    eq(qt.rd(scratch(0)), hxg(1, 7, 1), 'PING: success, version 1')
    eq(qt.ctl(CTL_H2G), 1, 'answered')
    eq(guc_call(qt, 0x1234), hxg(1, 6, 0xff), 'unknown action')
    guc_send(qt, 0x0)
    qt.wr(GUC_SEND, 1)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, 35),
       'send while busy')
    qt.step(GUC_NS)
    eq(qt.rd(scratch(0)), hxg(1, 7, 1), 'the first request is answered')
    eq(qt.ctl(CTL_H2G), 3, 'dropped request not answered')
    # a hung firmware loses requests; GUC_STATUS still looks alive
    qt.ctl_wr(CTL_GUC_HANG, 1)
    guc_send(qt, 0x0)
    qt.step(10 * GUC_NS)
    eq(qt.rd(scratch(0)), hxg(0, 0, 0), 'hung: no answer')
    eq(qt.rd(GUC_STATUS), GS_READY, 'hung: status unchanged')
    qt.ctl_wr(CTL_GUC_HANG, 0)
    eq(guc_call(qt, 0x0), hxg(1, 7, 1), 'recovered')
    eq(qt.ctl(CTL_VIOLATIONS), 1, 'violations')
    qt.close()
    # no GuC elsewhere: the knobs read 0, the registers are plain storage
    qt = QTest(qemu, ',device-id=0x4905')
    qt.ctl_wr(CTL_GUC_HANG, 1)
    eq(qt.ctl(CTL_GUC_HANG), 0, 'dg1: no guc-hang knob')
    eq(qt.rd(GUC_STATUS), 0, 'dg1: no GuC')
    qt.close()


def test_xehp_guc_garbage(qemu):
    """vgpu-contract.rst guc-garbage: every request is answered at the
    usual latency with an EVENT (no response) and junk data; cleared, the
    GuC answers properly again."""
    qt = xehp_qt(qemu, guc=True)
    qt.ctl_wr(CTL_GUC_GARBAGE, 1)
    eq(qt.ctl(CTL_GUC_GARBAGE), 1, 'in effect')
    guc_send(qt, 0x0)
    qt.step(GUC_NS)
    hdr = qt.rd(scratch(0))
    eq(hdr >> 31, 1, 'origin: the GuC')
    eq((hdr >> 28) & 7, 1, 'type EVENT: no response')
    eq([qt.rd(scratch(i)) for i in (1, 2, 3)], [0xdeadbeef] * 3, 'junk data')
    eq(qt.ctl(CTL_H2G), 0, 'not counted as answered')
    qt.ctl_wr(CTL_GUC_GARBAGE, 0)
    eq(guc_call(qt, 0x0), hxg(1, 7, 1), 'PING answered again')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_xehp_guc_late(qemu):
    """vgpu-contract.rst guc-late: the GuC answers BUSY at the usual
    latency, keeps the request in flight (another trigger is a violation)
    and gives the final reply N ms later; 0 restores prompt replies."""
    qt = xehp_qt(qemu, guc=True)
    qt.ctl_wr(CTL_GUC_LATE, 3)
    eq(qt.ctl(CTL_GUC_LATE), 3, 'in effect')
    guc_send(qt, 0x0)
    qt.step(GUC_NS)
    eq(qt.rd(scratch(0)), hxg(1, 3, 0), 'NO_RESPONSE_BUSY')
    eq(qt.ctl(CTL_H2G), 0, 'not answered yet')
    qt.step(3000000 - 1)
    eq(qt.rd(scratch(0)), hxg(1, 3, 0), 'still BUSY before 3 ms')
    qt.step(1)
    eq(qt.rd(scratch(0)), hxg(1, 7, 1), 'the final reply at 3 ms')
    eq(qt.ctl(CTL_H2G), 1, 'answered')
    guc_send(qt, 0x0)
    qt.step(GUC_NS)
    qt.wr(GUC_SEND, 1)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, 35),
       'a trigger while BUSY is a send while busy')
    qt.ctl_wr(CTL_GUC_LATE, 0)
    qt.step(3000000)
    eq(qt.rd(scratch(0)), hxg(1, 7, 1), 'the BUSY request keeps its deadline')
    eq(guc_call(qt, 0x0), hxg(1, 7, 1), 'prompt again')
    qt.close()


def xehp_sample_stream(qt, buf):
    """select 1, no periodic reports, head and tail at the start."""
    xehp_program(qt, buf)
    qt.wr(OAG['debug'], NO_CTX_SWITCH)
    qt.wr(OAG['timer'], 0)
    qt.wr(OAG['control'], (1 << 2) | 1)


def test_xehp_doorbell_guc(qemu):
    qt = xehp_qt(qemu, 'ats-m150', guc=True)
    buf = OABuffer(qt)
    xehp_sample_stream(qt, buf)
    guc_irq_setup(qt)
    ct_setup(qt)
    qt.wr(DOORBELL_CTRL, 1 << 31)
    did, page = 37, 5
    eq(guc_call(qt, ACT_ALLOCATE, did, page * 4096, 2), hxg(1, 6, 3), 'bad type')
    eq(guc_call(qt, ACT_ALLOCATE, 256, page * 4096, 1), hxg(1, 6, 1), 'bad id')
    eq(guc_call(qt, ACT_ALLOCATE, did, 1024 * 4096, 1), hxg(1, 6, 1), 'bad page')
    eq(guc_call(qt, ACT_ALLOCATE, did, page * 4096, 1), hxg(1, 7, 0), 'ALLOCATE')
    eq(guc_call(qt, ACT_ALLOCATE, did + 1, page * 4096, 1), hxg(1, 6, 2),
       'page busy')
    eq(guc_call(qt, ACT_ALLOCATE, did, 9 * 4096, 1), hxg(1, 6, 2), 'id busy')
    eq(qt.rd(DB_PHYS0 + 8 * did), 1 | (page << 12), 'physical DW0')
    eq(qt.rd(DB_PHYS0 + 8 * did + 4), 0, 'physical DW1: VF 0')
    qt.wr(DB_PAGES + page * 4096, 0xc00c1e)
    eq(qt.rd(DB_PAGES + page * 4096), 0xc00c1e, 'page reads the cookie')
    eq(sqidi_rd(qt, GTI_DB_GROUP0 + 4), 1 << 5, 'group 1 bit 5')
    eq(qt.rd(DOORBELL_CTRL), (1 << 31) | (1 << 1), 'rung group 1')
    qt.step(GUC_NS)
    eq(sqidi_rd(qt, GTI_DB_GROUP0 + 4), 0, 'serviced: group clear')
    eq(qt.rd(DOORBELL_CTRL), 1 << 31, 'serviced: rung clear')
    eq(qt.rd(OAG['tail']) - buf.base, 448, 'one report')
    # the GuC's trigger: SourceID 0; T when the firmware ran
    ts = xehp_ts(qt)
    xehp_compare(buf.read(0, 448), xehp_report(1, ts, trigger=(0xc00c1e, 0)),
                 'GuC-triggered report')
    eq(g2h_msgs(qt), [[hxg(1, 1, 0x5001), 0xc00c1e, 0, 0]],
       'OA_SAMPLE_DONE in the G2H CT buffer')
    eq(qt.rd(GT_INTR_DW0), GUC_DW0, 'DW0 bit 25')
    dw0, ident = guc_service(qt)
    eq(ident, (1 << 31) | (4 << 16) | (0 << 20) | V_GUC2HOST,
       'identity: class 4 instance 0, GUC2HOST')
    eq(qt.rd(GUC_HOST_INTR), V_GUC2HOST, 'GUC_HOST_INTR')
    qt.wr(GT_INTR_DW0, dw0)
    eq((qt.ctl(CTL_DB_SERVICED), qt.ctl(CTL_G2H)), (1, 1), 'counters')
    # a second sample lands after the first
    qt.wr(DB_PAGES + page * 4096, 0xc00c1f)
    qt.step(GUC_NS)
    eq(g2h_msgs(qt)[0][3], 448, 'offset of the second report')
    # disabled OAG: no report, status 1
    qt.wr(OAG['control'], 0)
    qt.wr(DB_PAGES + page * 4096, 0xc00c20)
    qt.step(GUC_NS)
    eq(g2h_msgs(qt)[0][:3], [hxg(1, 1, 0x5001), 0xc00c20, 1],
       'OAG disabled: status 1')
    eq(guc_call(qt, ACT_DEALLOCATE, did), hxg(1, 7, 0), 'DEALLOCATE')
    eq(qt.rd(DB_PHYS0 + 8 * did) & 1, 0, 'VALID clear')
    eq(guc_call(qt, ACT_DEALLOCATE, did), hxg(1, 6, 4), 'not armed')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'clean so far')
    qt.wr(DB_PAGES + page * 4096, 1)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, 34), 'unarmed ring')
    qt.wr(DB_PHYS0 + 8 * 3, 1)
    eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (2, 33),
       'host write to a physical doorbell')
    eq(qt.rd(DB_PHYS0 + 8 * 3), 0, 'ignored')
    # guc-hang: rings stay in the status stage until resumed
    eq(guc_call(qt, ACT_ALLOCATE, 200, 1023 * 4096, 1), hxg(1, 7, 0), 'rearm')
    qt.wr(OAG['control'], (1 << 2) | 1)
    qt.ctl_wr(CTL_GUC_HANG, 1)
    qt.wr(DB_PAGES + 1023 * 4096, 0x99)
    qt.step(10 * GUC_NS)
    eq(sqidi_rd(qt, GTI_DB_GROUP0 + 4 * 6), 1 << 8, 'hung: ring pending')
    qt.ctl_wr(CTL_GUC_HANG, 0)
    qt.step(GUC_NS)
    eq(sqidi_rd(qt, GTI_DB_GROUP0 + 4 * 6), 0, 'resumed: serviced')
    eq(g2h_msgs(qt)[0][1], 0x99, 'resumed: OA_SAMPLE_DONE')
    qt.close()


def test_xehp_doorbell_host_routing(qemu):
    qt = xehp_qt(qemu, 'dg2-g11', guc=True)
    guc_irq_setup(qt)
    ct_setup(qt)
    eq(guc_call(qt, ACT_ALLOCATE, 3, 0, 1), hxg(1, 7, 0), 'ALLOCATE id 3 page 0')
    qt.wr(DB_PAGES, 0x42)
    eq(qt.rd(GT_INTR_DW0), GUC_DW0, 'routing bit clear: to the host')
    dw0, ident = guc_service(qt)
    eq(ident & 0xffff, V_DB_RANG, 'DOORBELL_RANG')
    qt.wr(GT_INTR_DW0, dw0)
    eq(qt.rd(DOORBELL_CTRL), 1, 'rung group 0')
    eq(qt.rd(GUC_DB_ISR0), 1 << 3, 'ISR read moves the status')
    eq((sqidi_rd(qt, GTI_DB_GROUP0), qt.rd(DOORBELL_CTRL)), (0, 0),
       'stage clear')
    eq(qt.rd(GUC_DB_ISR0), 1 << 3, 'ISR holds it')
    qt.wr(GUC_DB_ISR0, 1 << 3)
    eq(qt.rd(GUC_DB_ISR0), 0, 'write 1 clears')
    qt.step(10 * GUC_NS)
    eq(qt.ctl(CTL_DB_SERVICED), 0, 'the GuC did not service it')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def test_xehp_redirection_and_irq_in_service(qemu):
    qt = xehp_qt(qemu, 'dg2-g12', guc=True)
    buf = OABuffer(qt)
    qt.wr(WGBOXPERF_ENABLE, OA_DATA)
    qt.wr(WGBOXPERF_MASK, ~OA_DATA & 0xffff)
    guc_irq_setup(qt)
    ct_setup(qt)
    start_block(qt, buf, OAG, 5, 0)
    qt.step(1100000)
    eq(qt.rd(GT_INTR_DW0), 0, 'IER bit 28 set: the GuC takes it')
    eq(qt.ctl(CTL_GUC_OA_IRQS), 1, 'counted')
    qt.wr(GUC_WD_VECS_IER, 0xffffffff & ~(1 << 28))
    half_full(qt, OAG)
    eq(qt.rd(GT_INTR_DW0), WDOAPERF, 'bit 28 clear: to the host')
    eq(qt.ctl(CTL_GUC_OA_IRQS), 1, 'not counted')
    # irq-in-service: the NOTIFY arrives while the snapshot is open
    qt.ctl_wr(CTL_IRQ_IN_SERVICE, 0x55)
    eq(qt.ctl(CTL_IRQ_IN_SERVICE), 0x55, 'armed')
    dw0, ident = gen11_service(qt, True)
    eq(dw0, WDOAPERF, 'snapshot: OA only')
    eq(qt.ctl(CTL_IRQ_IN_SERVICE), 0, 'fired')
    eq(qt.rd(GT_INTR_DW0), WDOAPERF, 'held in the secondary')
    qt.wr(GT_INTR_DW0, dw0)
    eq(qt.rd(GT_INTR_DW0), GUC_DW0, 'delivered after the clear')
    eq(qt.rd(DG1_MSTR_TILE_INTR) & 1, 1, 'tile latched again')
    dw0, ident = guc_service(qt)
    eq(ident & 0xffff, V_GUC2HOST, 'GUC2HOST')
    eq(g2h_msgs(qt), [[hxg(1, 1, 0x5002), 0x55, 0, 0]], 'NOTIFY payload')
    qt.wr(GT_INTR_DW0, dw0)
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()



def test_xehp_forcewake_and_steering(qemu):
    qt = xehp_qt(qemu, 'dg2-g11', awake=False)

    def expect(code, what):
        before = expect.count
        expect.count = qt.ctl(CTL_VIOLATIONS)
        eq((expect.count, qt.ctl(CTL_LAST)), (before + 1, code), what)

    def clean(what):
        eq(qt.ctl(CTL_VIOLATIONS), expect.count, what)
    expect.count = 0

    qt.rd(0x0d00)
    clean('RPM_CONFIG0 is AON')
    qt.rd(0x913c)
    expect(29, 'fuse read without GT forcewake')
    qt.wr(FW_GT_REQ, 0x10001)
    clean('the request register itself is not checked')
    eq(qt.rd(0x130044) & 1, 1, 'GT acknowledged')
    eq(qt.rd(0x913c), 0xff, 'fuse read with GT awake')
    qt.rd(RING_TIMESTAMP)
    expect(29, 'RING_TIMESTAMP (RENDER*) without Render')
    qt.wr(FW_RENDER_REQ, 0x10001)
    qt.rd(RING_TIMESTAMP)
    qt.rd(0x20cc)
    clean('Render awake')
    qt.rd(0x13000)
    expect(29, 'VDBOX0 range')
    qt.wr(0xa540, 0x10001)
    eq(qt.rd(0x0d50) & 1, 1, 'VDBOX0 acknowledged')
    qt.rd(0x13000)
    clean('VDBOX0 awake')
    qt.wr(0xa540, 0x10000)
    # MCR: writes multicast, reads steered to a present instance
    qt.wr(0xdc00, 5)
    expect(32, 'unicast write to a GSLICE register')
    mcr_wr(qt, 0xdc00, 6)
    clean('multicast write')
    qt.wr(MCR_SELECTOR, MCR_MULTICAST)
    qt.rd(0xdc00)
    expect(30, 'multicast read')
    eq(mcr_rd(qt, 0xdc00, 1, 0), 6, 'GSLICE 1 (DSS 4-7) reads the value')
    clean('steered read')
    eq(mcr_rd(qt, 0xdc00, 2, 0), 0, 'GSLICE 2 is fused off: 0')
    expect(31, 'GSLICE 2 of dg2-g11')
    mcr_wr(qt, 0xdd00, 7)
    eq(mcr_rd(qt, 0xdd00, 1, 0), 7, 'MSLICE 1 (meml3 fuse)')
    eq(mcr_rd(qt, 0xdd00, 0, 0), 7, 'MSLICE 0 (DSS in quadrant 0)')
    clean('present MSLICEs')
    eq(mcr_rd(qt, 0xdd00, 2, 0), 0, 'MSLICE 2 fused off')
    expect(31, 'MSLICE 2 of dg2-g11')
    mcr_wr(qt, EU_PERF_CNT_CTL0, 0x11)
    eq(mcr_rd(qt, EU_PERF_CNT_CTL0, 1, 3), 0x11, 'DSS 7')
    clean('DSS 7 present')
    mcr_rd(qt, EU_PERF_CNT_CTL0, 2, 0)
    expect(31, 'DSS 8 of dg2-g11')
    eq(mcr_rd(qt, GTI_DB_GROUP0, 0, 3), 0, 'SQIDI 3')
    clean('SQIDI 3 present on the 128-EU part')
    mcr_rd(qt, GTI_DB_GROUP0, 0, 1)
    expect(31, 'SQIDI 1 of the 128-EU part')
    mcr_wr(qt, OA_TLB_INV_CR, 1)
    eq(mcr_rd(qt, OA_TLB_INV_CR, 0, 0) & 1, 0, 'OA_TLB_INV_CR (MSLICE)')
    clean('the OAG sequence with steering')
    eq(expect.count, 9, 'three forcewake, one each 30 and 32, four 31')
    qt.close()
    # platforms without the steering table have no MCR checks
    qt = QTest(qemu, ',device-id=0x4905')
    qt.rd(0x913c)
    qt.wr(0xdc00, 1)
    qt.wr(MCR_SELECTOR, 5)
    eq(qt.rd(MCR_SELECTOR), 5, 'dg1: 0xfdc is plain storage')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'dg1: no MCR checks')
    qt.close()


# Gen9 to Gen12: i915's forcewake ranges (driver.rst "Forcewake"). Per
# generation: a GT-domain OA register (OACONTROL; Gen12's OAG_OACONTROL),
# then a render-domain one (RING_TIMESTAMP).
FW_RANGE_REGS = {'GEN9': (0x2b00, 0x2358), 'GEN11': (0x2b00, 0x2358),
                 'GEN12': (0xdaf4, 0x2358)}


def test_forcewake_ranges(qemu):
    for family, (gt_reg, render_reg) in FW_RANGE_REGS.items():
        row = next(r for r in TABLE if r['family'] == family)
        name, devid = row['name'], row['devid']
        qt = QTest(qemu, ',device-id=0x%x' % devid, awake=False)
        qt.wr(gt_reg, 5 << 2)
        eq((qt.ctl(CTL_VIOLATIONS), qt.ctl(CTL_LAST)), (1, 29),
           name + ': a GT-domain write while GT sleeps')
        eq(qt.rd(gt_reg), 0, name + ': a sleeping domain reads 0')
        qt.wr(FW_GT_REQ, 0x10001)
        eq(qt.rd(gt_reg), 0, name + ': the write was dropped')
        qt.wr(gt_reg, 5 << 2)
        eq(qt.rd(gt_reg), 5 << 2, name + ': GT awake: written')
        eq(qt.ctl(CTL_VIOLATIONS), 2, name + ': the dropped read counted')
        qt.rd(render_reg)
        eq(qt.ctl(CTL_VIOLATIONS), 3, name + ': render sleeps')
        qt.wr(FW_RENDER_REQ, 0x10001)
        qt.rd(render_reg)
        qt.rd(0x0d84)
        eq(qt.ctl(CTL_VIOLATIONS), 3, name + ': render awake, acks answer')
        qt.close()


def test_xehp_migration(qemu):
    # a pending H2G answer, an armed doorbell, the MCR selector, the GuC
    # interrupt enables, forcewake and the knobs all migrate
    extra = ',device-id=0x56c0'
    with tempfile.TemporaryDirectory() as tmp:
        qt = QTest(qemu, extra, monitor=os.path.join(tmp, 'src'))
        qt.wr(FW_GT_REQ, 0x10001)
        qt.wr(FW_RENDER_REQ, 0x10001)
        eq(guc_load(qt, css_image()), GS_READY, 'GuC boot')
        guc_irq_setup(qt)
        ct_setup(qt)
        eq(guc_call(qt, ACT_ALLOCATE, 7, 4096, 1), hxg(1, 7, 0), 'ALLOCATE')
        qt.wr(DB_PAGES + 4096, 0x31)            # routed to the host
        qt.ctl_wr(CTL_IRQ_IN_SERVICE, 9)
        qt.wr(MCR_SELECTOR, mcr_sel(0, 2))
        guc_send(qt, 0x0)
        qt.step(GUC_NS // 2)
        qt = migrate(qemu, qt, tmp, extra)
        eq(qt.rd(scratch(0)), hxg(0, 0, 0), 'not answered yet')
        qt.step(GUC_NS // 2)
        eq(qt.rd(scratch(0)), hxg(1, 7, 1), 'answered 20 us after the send')
        eq(qt.rd(DB_PHYS0 + 8 * 7), 1 | (1 << 12), 'doorbell armed')
        eq(qt.rd(MCR_SELECTOR), mcr_sel(0, 2), 'MCR_SELECTOR')
        eq(qt.rd(GUC_STATUS), GS_READY, 'the GuC still runs')
        eq(qt.rd(GUC_WOPCM_SIZE), 0x1f3001, 'WOPCM partition')
        eq(qt.rd(GTI_DB_GROUP0), 1 << 7, 'ring in the status stage')
        eq(qt.ctl(CTL_IRQ_IN_SERVICE), 9, 'knob')
        eq(qt.rd(GUC_SG_ENABLE), (V_GUC2HOST | V_DB_RANG) << 16, 'enable')
        dw0, ident = guc_service(qt)
        # the knob fired at that DW0 read: NOTIFY joined the vector
        eq(ident & 0xffff, V_DB_RANG | V_GUC2HOST, 'DOORBELL_RANG + NOTIFY')
        eq(g2h_msgs(qt), [[hxg(1, 1, 0x5002), 9, 0, 0]], 'NOTIFY payload')
        eq(qt.ctl(CTL_VIOLATIONS), 0, 'forcewake survived: no violation')
        qt.close()



def test_xehp_g2h_queue(qemu):
    """G2H events go into the G2H CT buffer in order; a full ring drops
    the event (counted, descriptor status OVERFLOW) but not the report;
    once the host moves the head there is room again."""
    qt = xehp_qt(qemu, 'ats-m75', guc=True)
    buf = OABuffer(qt)
    xehp_sample_stream(qt, buf)
    guc_irq_setup(qt)
    eq(guc_call(qt, ACT_CONTROL_CTB, 1), hxg(1, 6, 0xf000),
       'CONTROL_CTB refused before SELF_CFG')
    eq(guc_call(qt, ACT_SELF_CFG, (0x9999 << 16) | 2, 0, 0), hxg(1, 7, 0),
       'unknown KLV key: none taken')
    eq(guc_call(qt, ACT_SELF_CFG, (0x907 << 16) | 2, 0, 0), hxg(1, 6, 0x20),
       'wrong KLV length: refused')
    ct_setup(qt, 0x1000)
    qt.wr(DOORBELL_CTRL, 1 << 31)
    eq(guc_call(qt, ACT_ALLOCATE, 0, 0, 1), hxg(1, 7, 0), 'ALLOCATE')
    # 1024 dwords, 5 per message, one kept free: 204 fit
    for i in range(205):
        qt.wr(DB_PAGES, 0x100 + i)
        qt.step(GUC_NS)
    eq(qt.ctl(CTL_DB_SERVICED), 205, 'every ring serviced')
    eq(qt.ctl(CTL_G2H_DROPPED), 1, 'one event dropped')
    eq(struct.unpack('<I', qt.mem(CT_PHYS + CT_G2H_DESC + 8, 4))[0] & 1, 1,
       'descriptor status OVERFLOW')
    eq(qt.rd(OAG['tail']) - buf.base, 205 * 448, 'but every report written')
    dw0, ident = guc_service(qt)
    eq(ident & 0xffff, V_GUC2HOST, 'GUC2HOST')
    qt.wr(GT_INTR_DW0, dw0)
    msgs = g2h_msgs(qt, 0x1000)
    eq([m[1] for m in msgs], [0x100 + i for i in range(204)],
       'in order, the last lost')
    eq([m[3] for m in msgs], [i * 448 for i in range(204)], 'offsets')
    qt.wr(DB_PAGES, 0x999)
    qt.step(GUC_NS)
    eq(g2h_msgs(qt, 0x1000), [[hxg(1, 1, 0x5001), 0x999, 0, 205 * 448]],
       'room again after the head moved')
    eq(qt.ctl(CTL_G2H), 205, 'written')
    eq(qt.ctl(CTL_VIOLATIONS), 0, 'violations')
    qt.close()


def default_qemu():
    root = os.path.dirname(os.path.abspath(__file__))
    script = os.path.join(root, '..', '..', '..', 'scripts', 'build-qemu')
    out = subprocess.run([script], check=True, stdout=subprocess.PIPE,
                         text=True).stdout
    return out.strip().splitlines()[-1]


def collect_tests(namespace):
    """The test_* functions of a module's globals(), by name."""
    return [(n[5:], f) for n, f in sorted(namespace.items())
            if n.startswith('test_') and callable(f)]


def run_tests(argv, tests):
    """Run @tests as argv says ([QEMU] [-k SUBSTRING]); the exit status."""
    args = [a for a in argv[1:] if not a.startswith('-')]
    pattern = ''
    if '-k' in argv:
        pattern = argv[argv.index('-k') + 1]
        args.remove(pattern)
    qemu = args[0] if args else default_qemu()
    passed = failed = 0
    for name, fn in tests:
        if pattern not in name:
            continue
        try:
            fn(qemu)
            passed += 1
            print('ok      %s' % name)
        except Exception as e:          # report and continue
            failed += 1
            print('FAIL    %s: %s' % (name, e))
        while LIVE:
            LIVE[0].close()
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


def main(argv):
    return run_tests(argv, collect_tests(globals()))


if __name__ == '__main__':
    sys.exit(main(sys.argv))
