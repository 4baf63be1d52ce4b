// SPDX-License-Identifier: GPL-2.0
/*
 * The drain: landed reports from the OA buffer into the stream ring.
 */

#include <linux/workqueue.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "regs/intel_oa_regs.h"
#include "intel_oa_trace.h"

/**
 * DOC: draining
 *
 * The drain moves every whole report of the OA buffer into the stream
 * ring (see "stream ring"), with its SAMPLE header, and hands the
 * space back to the OA unit by writing OAHEADPTR, so the unit never
 * overflows while the drain keeps up, whatever userspace does. It runs
 * from the OA half-full interrupt thread (the primary path, see
 * "interrupts"), from a work item the POLL_OA_PERIOD hrtimer queues when
 * the hardware tail moved (the latency bound, and the only path on Sandy
 * Bridge, which has no OA interrupt), from read() before it copies
 * (when the ring cannot fill the caller's buffer, and never in two read()
 * calls in a row, so a reader that reads until EAGAIN gets it, as from
 * i915) and from the on-demand sample ioctl. &intel_oa_stream.drain_lock
 * makes them take turns.
 *
 * Which reports are whole. The hardware tail pointer can move before the
 * report bytes behind it are visible to the CPU, and a report of up to 256
 * bytes can be half written when its header is: the tail moves in 64-byte
 * steps, and may stop inside a report being written. As i915's
 * oa_buffer_check_unlocked() and xe's xe_oa_buffer_check_unlocked() do,
 * the drain relies on the OA unit's writes landing in the order they were
 * made, on every report carrying a non-zero RPT_ID or TIMESTAMP and on
 * consumed reports being zeroed: it walks back from the report that starts
 * at the hardware tail (rounded down to whole reports) to the newest one
 * whose RPT_ID or TIMESTAMP (low) dword is not zero, and drains only the
 * reports before that one. They are whole, because a later header landed
 * after them; the newest landed report waits for the header of the next.
 * Those are DW0 and DW1 with the 32-bit header and DW0 and DW2 with the
 * 64-bit header of Gen12.5's select 1, &intel_oa_format.header64. Every
 * report has at least one reason bit in RPT_ID (Gen6/7 timer reports carry
 * bit 19 and no CTX_ID), so a landed report never looks unlanded. A drain
 * that holds back more than the newest claimed report counts a tail_races
 * event. The last report before a stream stops is so never read, as from
 * i915; the on-demand sample ioctl writes a second report to make its
 * first one whole (see "on-demand samples").
 *
 * Zeroing. The drain zeroes those two dwords of each report it consumes,
 * right after copying the report, while its first cacheline is still in
 * the CPU cache: 8 bytes per report, never a pass over the buffer. The
 * alternatives cost more or prove less: zeroing whole spans writes 8 to
 * 56 times the bytes; telling new reports from the last lap's by their
 * timestamps breaks when a report legitimately repeats a timestamp or
 * the 32-bit timestamp wraps; trusting the tail loses the race above.
 * The buffer is zeroed in full only when the unit is (re)programmed.
 *
 * Lost writes. The OA unit writes reports in order, so a report below the
 * newest landed one that still reads zero was lost on the bus and never
 * will land: the drain puts a lost record in its place (one
 * DRM_I915_PERF_RECORD_OA_REPORT_LOST per report, or one
 * INTEL_OA_LOST_WRITE record with the count) and goes on; debugfs
 * lost_writes counts them. i915 skips such a report silently; a walk
 * forward from the old tail would stall on it until the buffer overflowed.
 *
 * Status. Each drain reads the OA status first. Report-lost (the unit
 * dropped reports it could not write) becomes a lost record
 * (INTEL_OA_LOST_UNIT) and is cleared; on Gen6/7, where the bit cannot be
 * cleared while running, the ops latch it until the next restart. A
 * buffer overflow means the unit may have written over reports not yet
 * drained, which only happens when the drain did not run in time: the
 * drain writes a DRM_I915_PERF_RECORD_OA_BUFFER_LOST record, stops
 * draining, and a work item restarts the unit, which resets the OA buffer
 * (i915 semantics); what is in the ring stays.
 *
 * Wake-ups. After a drain that put records in the ring, readers and
 * pollers are woken, i915's rule, or with INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS
 * only once that many reports' worth of records is waiting. The hrtimer
 * also wakes them when anything is waiting, so POLL_OA_PERIOD bounds the
 * latency. Readiness is level-triggered, as for the perf_event ring: poll()
 * says EPOLLIN and a blocking read() returns while the ring holds that
 * much, or anything once the poll period elapsed.
 */

/* A report's first cacheline, which holds its header and is never split. */
#define REPORT_HEADER_BYTES	64

/* Dword index of TIME_STAMP (its low half) and of CTX_ID in a report. */
static unsigned int report_ts_dw(const struct intel_oa_format *f)
{
	return f->header64 ? 2 : 1;
}

static unsigned int report_ctx_dw(const struct intel_oa_format *f)
{
	return f->header64 ? 4 : 2;
}

/* Bytes between two offsets of the circular buffer. */
static u32 oa_taken(const struct intel_oa_buffer *buf, u32 tail, u32 head)
{
	return (tail - head) & (buf->size - 1);
}

/* The offset one report after @offset. */
static u32 oa_next(const struct intel_oa_buffer *buf, u32 offset)
{
	return (offset + buf->format->size) & (buf->size - 1);
}

static bool report_landed(const struct intel_oa_buffer *buf, u32 offset)
{
	const u32 *report32 = (const u32 *)(buf->vaddr + offset);

	return READ_ONCE(report32[0]) ||
	       READ_ONCE(report32[report_ts_dw(buf->format)]);
}

/*
 * A Gen8+ stream of one context (i915 gen8_append_oa_reports()): the
 * counters count every context, so the drain forwards that context's
 * reports, the first report after one of them (the switch away, so a
 * reader sees where its work ended) and every context-switch report; the
 * others are not forwarded. A forwarded report of another context has its
 * CTX_ID replaced by INVALID_CTX_ID so no other context's ID leaks.
 */
static bool keep_for_ctx(struct intel_oa_stream *stream, u32 offset,
			 bool *squash)
{
	const struct intel_oa_buffer *buf = &stream->buf;
	const u32 *report32 = (const u32 *)(buf->vaddr + offset);
	u32 ctx_id = report32[report_ctx_dw(buf->format)] &
		     stream->ctx_id_mask;

	/* i915 trusts the valid bit up to Gen11 */
	if (stream->oa->gen->quirks & INTEL_OA_QUIRK_SQUASH_INVALID_CTX_ID &&
	    !(report32[0] & stream->oa->gen->valid_ctx_bit))
		ctx_id = INTEL_OA_INVALID_CTX_ID;
	if (ctx_id != stream->ctx_filter &&
	    stream->last_ctx_id != stream->ctx_filter &&
	    !(report32[0] & OAREPORT_REASON_CTX_SWITCH))
		return false;
	*squash = ctx_id != stream->ctx_filter;
	stream->last_ctx_id = ctx_id;
	return true;
}

/*
 * Copy the report at @offset, whole even if it wraps, after its header, or
 * owe a ring-full loss for it. Returns whether it is in the ring.
 */
static bool put_sample(struct intel_oa_stream *stream, u32 offset)
{
	const struct intel_oa_buffer *buf = &stream->buf;
	struct intel_oa_device *oa = stream->oa;
	struct intel_oa_ring *ring = &stream->ring;
	struct drm_i915_perf_record_header *h;
	u32 report_size = buf->format->size;
	u32 first = min(report_size, buf->size - offset);
	u32 *report32;

	bool squash_ctx = false;

	/* a stream without samples is always a Gen12 stream of one context */
	if (stream->ctx_filter &&
	    (stream->no_samples || !keep_for_ctx(stream, offset, &squash_ctx)))
		return false;
	h = intel_oa_ring_reserve(ring, stream->sample_size);
	if (!h) {
		intel_oa_ring_lose(ring, INTEL_OA_RING_LOSS_RING_FULL, 1);
		return false;
	}
	report32 = (u32 *)(h + 1);
	h->type = DRM_I915_PERF_RECORD_SAMPLE;
	h->pad = 0;
	h->size = stream->sample_size;
	memcpy(report32, buf->vaddr + offset, first);
	if (first < report_size)
		memcpy((u8 *)report32 + first, buf->vaddr, report_size - first);

	/*
	 * Like i915 on Gen8..11: a CTX_ID not marked valid is squashed to
	 * INVALID_CTX_ID; the valid bit stays clear so userspace can tell.
	 * Gen12 passes CTX_ID through.
	 */
	if ((oa->gen->quirks & INTEL_OA_QUIRK_SQUASH_INVALID_CTX_ID) &&
	    !(report32[0] & oa->gen->valid_ctx_bit))
		report32[report_ctx_dw(buf->format)] = INTEL_OA_INVALID_CTX_ID;
	if (squash_ctx)
		report32[report_ctx_dw(buf->format)] = INTEL_OA_INVALID_CTX_ID;

	intel_oa_ring_commit(ring, stream->sample_size, true);
	return true;
}

/* The on-demand sample ioctl waits for the report carrying its cookie. */
static void watch_report(struct intel_oa_stream *stream, u32 offset)
{
	const struct intel_oa_format *f = stream->buf.format;
	const u32 *report32 = (const u32 *)(stream->buf.vaddr + offset);
	unsigned int ts_dw = report_ts_dw(f);

	/* The first cacheline of a report is never split. */
	if (!(report32[0] & OAREPORT_REASON_MMIO_TRIGGER) ||
	    report32[report_ctx_dw(f)] != stream->watch_cookie)
		return;
	stream->watch_found = true;
	stream->watch_offset = offset;
	stream->watch_ts = report32[ts_dw];
	if (f->header64)
		stream->watch_ts |= (u64)report32[ts_dw + 1] << 32;
}

/*
 * Reports from @buf->head that landed before a gone device left: nothing
 * is in flight any more, so every report whose header is not zero made it
 * to memory (never more than a buffer's worth).
 */
static u32 landed_before_gone(const struct intel_oa_buffer *buf)
{
	u32 offset = buf->head, n = 0;

	while ((n + 1) * buf->format->size < buf->size &&
	       report_landed(buf, offset)) {
		offset = oa_next(buf, offset);
		n++;
	}
	return n;
}

/*
 * How many reports from the head are whole: those before the newest one
 * whose header landed, looking back from the report at @hw_tail itself
 * (see "draining"); *@avail gets the whole reports below @hw_tail. With
 * @sync_headers each report's first cacheline is synced for the CPU
 * before it is looked at (the hrtimer, which copies nothing); the drain
 * syncs the span itself.
 */
static u32 landed_below(struct intel_oa_stream *stream, u32 hw_tail,
			u32 *avail, bool sync_headers)
{
	const struct intel_oa_buffer *buf = &stream->buf;
	u32 report_size = buf->format->size;
	u32 n, offset;

	*avail = oa_taken(buf, hw_tail, buf->head) / report_size;
	n = *avail;
	/* The report at the tail, unless it would reach the head's. */
	if ((n + 1) * report_size > buf->size)
		n--;
	for (; n; n--) {
		offset = (buf->head + n * report_size) & (buf->size - 1);
		if (sync_headers)
			intel_oa_buffer_sync_for_cpu(stream, offset,
						     REPORT_HEADER_BYTES);
		if (report_landed(buf, offset))
			break;
	}
	return n;
}

/* The unit's tail as an offset into the OA buffer. */
static u32 hw_tail_offset(struct intel_oa_stream *stream)
{
	return stream->unit->desc->funcs->read_tail(stream) -
	       stream->buf.ggtt_offset;
}

/* The unit's status as INTEL_OA_STATUS_* bits. */
static u32 hw_status(struct intel_oa_stream *stream)
{
	return stream->unit->desc->funcs->read_status(stream);
}

/* Status first, as i915's read does; false when nothing may be drained. */
static bool drain_status(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;
	u32 status = hw_status(stream);

	/* A gone device has no status (this read may be what found it). */
	if (intel_oa_device_gone(oa))
		return true;

	if (status & INTEL_OA_STATUS_BUFFER_OVERFLOW) {
		intel_oa_ring_lose(&stream->ring, INTEL_OA_RING_LOSS_OVERFLOW, 1);
		atomic64_inc(&stream->unit->stats.buffer_lost);
		trace_intel_oa_buffer_lost(status);
		drm_dbg(&oa->drm, "OA buffer overflow (exponent %u): restart\n",
			stream->period_exponent);
		stream->buf.overflowed = true;
		queue_work(system_highpri_wq, &stream->restart_work);
		return false;
	}

	if (status & INTEL_OA_STATUS_REPORT_LOST) {
		intel_oa_ring_lose(&stream->ring, INTEL_OA_RING_LOSS_UNIT, 1);
		atomic64_inc(&stream->unit->stats.report_lost);
		trace_intel_oa_report_lost(status);
		stream->unit->desc->funcs->clear_report_lost(stream);
	}
	return true;
}

/* Returns the bytes of records added to the ring. */
static u64 drain_locked(struct intel_oa_stream *stream,
			enum intel_oa_drain_source source)
{
	struct intel_oa_device *oa = stream->oa;
	struct intel_oa_buffer *buf = &stream->buf;
	struct intel_oa_ring *ring = &stream->ring;
	unsigned int ts_dw = report_ts_dw(buf->format);
	u64 ring_head = ring->head;
	u32 hw_tail = 0, head, avail = 0, n = 0, i, moved = 0, lost = 0;
	unsigned long flags;

	lockdep_assert_held(&stream->drain_lock);

	/* The unit overflowed: nothing to drain until it is restarted. */
	if (buf->overflowed)
		return 0;

	/*
	 * The tail, then the reports behind it, then the status: another
	 * register access in between would give in-flight writes more time
	 * to land, and so hide a tail race rather than handle it. read() of
	 * an i915 stream drains up to the tail the hrtimer saw, as i915's
	 * read() does (see "stream modes").
	 */
	spin_lock_irqsave(&buf->ptr_lock, flags);
	if (!stream->ring_stream && source == INTEL_OA_DRAIN_READ)
		hw_tail = buf->checked_tail;
	else
		hw_tail = hw_tail_offset(stream);
	buf->last_hw_tail = hw_tail;
	/*
	 * The sample ioctl drains an i915 stream past the tail the hrtimer
	 * saw: read() must not go back to that one, which is behind the
	 * head now.
	 */
	buf->checked_tail = hw_tail;
	spin_unlock_irqrestore(&buf->ptr_lock, flags);

	if (unlikely(intel_oa_device_gone(oa))) {
		intel_oa_buffer_sync_for_cpu(stream, buf->head, buf->size);
		n = landed_before_gone(buf);
		avail = n;
	} else if (unlikely(hw_tail >= buf->size)) {
		drm_err_ratelimited(&oa->drm,
				    "OA tail pointer 0x%x is outside the OA buffer\n",
				    hw_tail + buf->ggtt_offset);
	} else {
		/* Report bytes are read after the tail register. */
		dma_rmb();
		/* The reports below the tail and the header at it. */
		intel_oa_buffer_sync_for_cpu(stream, buf->head,
					     min(oa_taken(buf, hw_tail, buf->head) +
						 REPORT_HEADER_BYTES, buf->size));
		n = landed_below(stream, hw_tail, &avail, false);
	}

	if (!drain_status(stream)) {
		n = 0;
		goto publish;
	}

	head = buf->head;
	for (i = 0; i < n; i++, head = oa_next(buf, head)) {
		/* The first cacheline of a report is never split. */
		u32 *report32 = (u32 *)(buf->vaddr + head);

		if (!READ_ONCE(report32[0]) && !READ_ONCE(report32[ts_dw])) {
			lost++;
			continue;
		}
		if (lost) {
			intel_oa_ring_lose(ring, INTEL_OA_RING_LOSS_WRITE, lost);
			atomic64_add(lost, &stream->unit->stats.lost_writes);
			trace_intel_oa_report_lost(0);
			lost = 0;
		}
		/*
		 * read() of an i915 stream takes what its buffer can hold and
		 * leaves the rest in the OA buffer, as i915's read() does, so
		 * the ring never holds a backlog of its own; every other drain
		 * drops what does not fit (the sample ioctl must reach its
		 * report).
		 */
		if (!stream->ring_stream && source == INTEL_OA_DRAIN_READ &&
		    (ring->head - ring_head + stream->sample_size >
		     stream->read_room ||
		     !intel_oa_ring_reserve(ring, stream->sample_size))) {
			stream->read_left = true;
			break;
		}
		if (unlikely(stream->watch_cookie))
			watch_report(stream, head);
		if (put_sample(stream, head))
			moved++;
		/* Zero RPT_ID and TIMESTAMP to detect unlanded reports. */
		report32[0] = 0;
		report32[ts_dw] = 0;
	}
	/* Unlanded reports right before a landed header were lost too. */
	if (lost) {
		intel_oa_ring_lose(ring, INTEL_OA_RING_LOSS_WRITE, lost);
		atomic64_add(lost, &stream->unit->stats.lost_writes);
		trace_intel_oa_report_lost(0);
	}
	if (n + 1 < avail)
		atomic64_inc(&stream->unit->stats.tail_races);
	n = i;

	if (n) {
		/* The zeroed dwords, before the unit may write there again. */
		intel_oa_buffer_sync_for_device(stream, buf->head,
						n * buf->format->size);
		spin_lock_irqsave(&buf->ptr_lock, flags);
		stream->unit->desc->funcs->write_head(stream,
						       head + buf->ggtt_offset);
		buf->head = head;
		spin_unlock_irqrestore(&buf->ptr_lock, flags);
	}

	if (n) {
		switch (source) {
		case INTEL_OA_DRAIN_IRQ:
			atomic64_inc(&stream->unit->stats.irq_drains);
			break;
		case INTEL_OA_DRAIN_TIMER:
			atomic64_inc(&stream->unit->stats.timer_drains);
			break;
		case INTEL_OA_DRAIN_READ:
		case INTEL_OA_DRAIN_SAMPLE:
			atomic64_inc(&stream->unit->stats.read_drains);
			break;
		}
		atomic64_add(moved, &stream->unit->stats.reports);
		atomic64_set(&stream->unit->stats.ring_dropped, ring->dropped_total);
	}

publish:
	intel_oa_ring_publish(ring);
	if (ring->head != ring_head || n)
		trace_intel_oa_drain(source, moved, n - moved,
				     ring->head - ring_head, buf->head, hw_tail,
				     ring->head - ring->tail, ring->size);
	return ring->head - ring_head;
}

/**
 * intel_oa_stream_wake - wake readers and pollers
 * @stream: stream
 */
void intel_oa_stream_wake(struct intel_oa_stream *stream)
{
	atomic64_inc(&stream->unit->stats.wakeups);
	wake_up(&stream->poll_wq);
}

/**
 * intel_oa_drain - move landed reports into the stream ring
 * @stream: stream
 * @source: caller, for statistics and tracing
 *
 * Does nothing on a disabled stream. Wakes readers by the stream's rule
 * (see "draining").
 *
 * Return: bytes of records added to the ring.
 */
u64 intel_oa_drain(struct intel_oa_stream *stream,
		   enum intel_oa_drain_source source)
{
	u64 added = 0, unread;

	mutex_lock(&stream->drain_lock);
	if (READ_ONCE(stream->enabled))
		added = drain_locked(stream, source);
	mutex_unlock(&stream->drain_lock);

	if (intel_oa_device_gone(stream->oa)) {
		intel_oa_stream_wake(stream);
		return added;
	}
	if (!added)
		return 0;

	unread = intel_oa_ring_unread(&stream->ring);
	if (unread && unread >= stream->wait_bytes)
		intel_oa_stream_wake(stream);
	return added;
}

/**
 * intel_oa_drain_irq_event - drain the streams an OA buffer interrupt serves
 * @oa: device
 *
 * The interrupt thread's OA event handler (intel_oa_irq_init()).
 */
void intel_oa_drain_irq_event(struct intel_oa_device *oa)
{
	struct intel_oa_stream *stream;
	unsigned int i;

	/*
	 * The half-full event does not say which unit's buffer it is for:
	 * drain every unit's stream that the interrupt drains (one that has
	 * nothing landed costs a tail read). An i915 stream's reports wait
	 * for read(), and a unit drained by the hrtimer alone (Meteor Lake's
	 * OAM) is the timer's: neither is touched here.
	 */
	for (i = 0; i < oa->n_units; i++) {
		/* Pairs with the smp_store_release() in intel_oa_stream_init(). */
		stream = smp_load_acquire(&oa->units[i].exclusive_stream);
		if (!stream || !READ_ONCE(stream->enabled) ||
		    !READ_ONCE(stream->irq_drained))
			continue;

		atomic64_inc(&oa->units[i].stats.stream_interrupts);
		intel_oa_drain(stream, INTEL_OA_DRAIN_IRQ);
	}
}

/**
 * intel_oa_drain_due - has the hardware tail moved since the last drain?
 * @stream: enabled stream
 *
 * For the hrtimer: the tail and status registers, no lock but the
 * pointer lock.
 *
 * Return: true if a drain would find something (or the device is gone).
 */
bool intel_oa_drain_due(struct intel_oa_stream *stream)
{
	struct intel_oa_buffer *buf = &stream->buf;
	unsigned long flags;
	bool moved;

	spin_lock_irqsave(&buf->ptr_lock, flags);
	moved = hw_tail_offset(stream) !=
		buf->last_hw_tail;
	spin_unlock_irqrestore(&buf->ptr_lock, flags);

	/* Overflow or report-lost status without a move is news too. */
	return moved || intel_oa_device_gone(stream->oa) ||
	       hw_status(stream);
}

/**
 * intel_oa_drain_check - i915 streams: note the tail read() may drain to
 * @stream: enabled i915 stream (not &intel_oa_stream.ring_stream)
 *
 * For the hrtimer, as i915's oa_buffer_check_unlocked(): records the
 * hardware tail in &intel_oa_buffer.checked_tail.
 *
 * Return: true if read() would find reports or a status to report (or
 * the device is gone).
 */
bool intel_oa_drain_check(struct intel_oa_stream *stream)
{
	struct intel_oa_buffer *buf = &stream->buf;
	unsigned long flags;
	u32 tail, avail, landed = 0;

	if (intel_oa_device_gone(stream->oa))
		return true;
	/* Nothing is drained until the restart, which restarts the timer. */
	if (READ_ONCE(buf->overflowed))
		return false;

	/*
	 * The drain's own rule (landed_below()), so a blocking read() that
	 * was told reports are there finds them, and one that finds none
	 * sleeps again instead of spinning on a tail it cannot take.
	 */
	spin_lock_irqsave(&buf->ptr_lock, flags);
	tail = hw_tail_offset(stream);
	buf->checked_tail = tail;
	if (tail < buf->size) {
		/* Report bytes are read after the tail register. */
		dma_rmb();
		landed = landed_below(stream, tail, &avail, true);
	}
	spin_unlock_irqrestore(&buf->ptr_lock, flags);

	return landed || hw_status(stream);
}
