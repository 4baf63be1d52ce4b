// SPDX-License-Identifier: GPL-2.0
/*
 * MMIO doorbells (Gen12.5) and the GuC doorbell sample built on them
 * (debugfs only).
 */

#include <linux/bitfield.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_guc_regs.h"
#include "intel_oa_trace.h"

/**
 * DOC: doorbells and on-demand samples
 *
 * A doorbell is a 4 KiB MMIO page (BAR0 + 4 MiB + page * 4 KiB) that a
 * physical doorbell register (256 of them, SGUNIT 0x3ff000) maps while
 * VALID. The driver owns the allocation: &intel_oa_guc.db_pages and
 * &intel_oa_guc.db_ids under &intel_oa_guc.db_lock. Arming (seed 002
 * "Allocating DB", "Arming DB") picks a free page and id, sends
 * ALLOCATE_DOORBELL {id, page * 4096, OA sample} and checks that the
 * physical register now reads VALID with that page. Ringing writes a
 * cookie to the page's first dword; the GuC writes OAG_MMIOTRIGGER with
 * it (one report whose CTX_ID is the cookie) and queues OA_SAMPLE_DONE
 * {cookie, status, offset}. Disarming sends DEALLOCATE_DOORBELL and
 * checks VALID is clear before the page and id are reused.
 *
 * Both actions go over the H2G CT buffer (see "GuC CT buffers"). The GuC
 * may not answer in time (a timed-out request) yet act on the request
 * later, since it reads the ring in order. The physical register is the
 * truth then: an ALLOCATE that did arm the doorbell keeps it armed; one
 * that timed out, and a DEALLOCATE that did not clear VALID, leave the id
 * and page reserved ("orphaned", retried before the next arm: that
 * DEALLOCATE is read after the old ALLOCATE), so the bitmaps never
 * disagree with the hardware.
 *
 * The allocation actions' payloads, the OA-sample work type and the
 * OA_SAMPLE_DONE event are the virtual GPU's GuC stand-in's
 * (Documentation/dg2.rst): real GuC firmware has none of them, so this
 * path is not part of the uAPI. INTEL_OA_PERF_IOCTL_SAMPLE uses the OA
 * unit's MMIO trigger ("on-demand samples"). The doorbell sample is
 * reached through debugfs ``guc_doorbell_sample`` on the open stream, for
 * developing and testing the GuC interface: under the stream lock it
 * arms the stream's doorbell on first use, takes the next sample cookie,
 * rings, waits up to 50 ms for the matching OA_SAMPLE_DONE, then drains
 * until the report has been moved. The doorbell is disarmed when the
 * stream's hardware is torn down.
 */

#define OA_SAMPLE_TIMEOUT_MS	50

static u32 db_reg(struct intel_oa_device *oa, int id)
{
	return intel_oa_read(oa, GUC_DOORBELL_REG(id));
}

static bool db_maps(u32 reg, int page)
{
	return (reg & GUC_DOORBELL_VALID) &&
	       FIELD_GET(GUC_DOORBELL_PAGE_MASK, reg) == page;
}

static void db_release_locked(struct intel_oa_guc *guc, int id)
{
	lockdep_assert_held(&guc->db_lock);

	clear_bit(guc->db_page_of[id], guc->db_pages);
	clear_bit(id, guc->db_ids);
	clear_bit(id, guc->db_orphaned);
}

/* DEALLOCATE @id; true when the physical doorbell ended up not VALID. */
static bool db_deallocate_locked(struct intel_oa_device *oa, int id)
{
	struct intel_oa_guc *guc = &oa->guc;
	u32 dw[3] = { id, 0, 0 };
	int ret;

	lockdep_assert_held(&guc->db_lock);

	ret = intel_oa_guc_ct_send(oa, INTEL_GUC_ACTION_DEALLOCATE_DOORBELL, dw,
				   NULL);
	/* Not sent: the GuC may still arm it, reading an earlier ALLOCATE. */
	if (ret == -EBUSY || ret == -EPIPE)
		return false;
	/* Nothing is left to release on a device that left the bus. */
	if (ret == -ENODEV)
		return true;
	if (intel_oa_forcewake_get(oa))
		return false;
	ret = db_reg(oa, id) & GUC_DOORBELL_VALID;
	intel_oa_forcewake_put(oa);
	return !ret;
}

static void db_retry_orphans_locked(struct intel_oa_device *oa)
{
	struct intel_oa_guc *guc = &oa->guc;
	int id;

	for_each_set_bit(id, guc->db_orphaned, INTEL_OA_NUM_DOORBELLS) {
		if (db_deallocate_locked(oa, id)) {
			trace_intel_oa_doorbell_disarm(id);
			db_release_locked(guc, id);
		}
	}
}

/**
 * intel_oa_doorbell_arm - arm a doorbell for on-demand samples
 * @oa: device with a ready GuC
 * @db: out: the armed doorbell
 *
 * Return: 0, -EBUSY (no free page or id, or no room in the H2G ring),
 * -ETIMEDOUT, -EIO, -EPIPE (the H2G channel is broken), -ENODEV.
 */
int intel_oa_doorbell_arm(struct intel_oa_device *oa,
			  struct intel_oa_doorbell *db)
{
	struct intel_oa_guc *guc = &oa->guc;
	int page, id, ret;
	u32 dw[3], reg;

	mutex_lock(&guc->db_lock);
	db_retry_orphans_locked(oa);

	page = find_first_zero_bit(guc->db_pages, INTEL_OA_NUM_DOORBELL_PAGES);
	id = find_first_zero_bit(guc->db_ids, INTEL_OA_NUM_DOORBELLS);
	if (page >= INTEL_OA_NUM_DOORBELL_PAGES ||
	    id >= INTEL_OA_NUM_DOORBELLS) {
		ret = -EBUSY;
		goto out;
	}
	set_bit(page, guc->db_pages);
	set_bit(id, guc->db_ids);
	guc->db_page_of[id] = page;

	dw[0] = id;
	dw[1] = page * SZ_4K;
	dw[2] = GUC_DOORBELL_TYPE_OA_SAMPLE;
	ret = intel_oa_guc_ct_send(oa, INTEL_GUC_ACTION_ALLOCATE_DOORBELL, dw,
				   NULL);

	/* Whatever the answer, the physical register says what happened. */
	if (intel_oa_forcewake_get(oa)) {
		reg = 0;
	} else {
		reg = db_reg(oa, id);
		intel_oa_forcewake_put(oa);
	}
	if (db_maps(reg, page)) {
		if (ret)
			drm_dbg(&oa->drm,
				"doorbell %d armed despite ALLOCATE result %d\n",
				id, ret);
		ret = 0;
	} else {
		if (!ret) {
			drm_err_ratelimited(&oa->drm,
					    "doorbell %d: GuC acknowledged ALLOCATE but the register reads 0x%08x\n",
					    id, reg);
			ret = -EIO;
		}
		/*
		 * A request the GuC has not answered (or not read) may still
		 * take effect later: keep the id until a DEALLOCATE, which
		 * the GuC reads after it, says it is free.
		 */
		if ((reg & GUC_DOORBELL_VALID) || ret == -ETIMEDOUT ||
		    ret == -EBUSY)
			set_bit(id, guc->db_orphaned);
		else
			db_release_locked(guc, id);
		goto out;
	}

	db->id = id;
	db->page = page;
	trace_intel_oa_doorbell_arm(id, page);
out:
	mutex_unlock(&guc->db_lock);
	return ret;
}

/**
 * intel_oa_doorbell_disarm - give a doorbell back
 * @oa: device
 * @db: an armed doorbell; not armed afterwards
 *
 * A doorbell the GuC does not release stays reserved (see "doorbells and
 * on-demand samples").
 */
void intel_oa_doorbell_disarm(struct intel_oa_device *oa,
			      struct intel_oa_doorbell *db)
{
	struct intel_oa_guc *guc = &oa->guc;

	if (db->id < 0)
		return;

	mutex_lock(&guc->db_lock);
	if (db_deallocate_locked(oa, db->id)) {
		trace_intel_oa_doorbell_disarm(db->id);
		db_release_locked(guc, db->id);
	} else {
		drm_err_ratelimited(&oa->drm,
				    "doorbell %d still VALID after DEALLOCATE; kept reserved\n",
				    db->id);
		set_bit(db->id, guc->db_orphaned);
	}
	mutex_unlock(&guc->db_lock);
	db->id = -1;
}

/**
 * intel_oa_doorbell_sample_locked - one OA report through a GuC doorbell
 * @stream: enabled stream; caller holds @stream->lock inside
 *	drm_dev_enter()
 * @marker: out: the report's CTX_ID (the cookie)
 * @timestamp: out: the report's TIME_STAMP
 *
 * The virtual GPU's GuC stand-in path (debugfs guc_doorbell_sample; see
 * "doorbells and on-demand samples"): not reachable from the uAPI.
 *
 * Return: 0, -ENODEV (no GuC), -EIO (stream disabled, or the OA unit
 * wrote no report), -ETIMEDOUT (no answer; the stream stays usable),
 * -EBUSY (no doorbell free, or no room in the H2G ring), -EPIPE.
 */
int intel_oa_doorbell_sample_locked(struct intel_oa_stream *stream,
				    u32 *marker, u64 *timestamp)
{
	struct intel_oa_device *oa = stream->oa;
	struct intel_oa_guc *guc = &oa->guc;
	unsigned long flags;
	u32 cookie, status, offset;
	int ret;

	lockdep_assert_held(&stream->lock);

	if (!guc->ready)
		return -ENODEV;
	if (!stream->enabled)
		return -EIO;

	if (stream->db.id < 0) {
		ret = intel_oa_doorbell_arm(oa, &stream->db);
		if (ret)
			return ret;
	}

	cookie = intel_oa_sample_cookie(oa);
	spin_lock_irqsave(&guc->lock, flags);
	guc->wait_cookie = cookie;
	guc->done = false;
	spin_unlock_irqrestore(&guc->lock, flags);

	/* The drain notes the report with this CTX_ID as it moves it. */
	intel_oa_sample_watch(stream, cookie);
	trace_intel_oa_doorbell_ring(stream->db.id, cookie);
	intel_oa_write(oa, GUC_DOORBELL_PAGE(stream->db.page), cookie);

	wait_event_timeout(guc->wq, READ_ONCE(guc->done),
			   msecs_to_jiffies(OA_SAMPLE_TIMEOUT_MS));

	spin_lock_irqsave(&guc->lock, flags);
	ret = guc->done ? 0 : -ETIMEDOUT;
	status = guc->done_status;
	offset = guc->done_offset;
	guc->wait_cookie = 0;
	spin_unlock_irqrestore(&guc->lock, flags);

	if (ret) {
		drm_err_ratelimited(&oa->drm,
				    "GuC sent no OA_SAMPLE_DONE for doorbell %d, cookie %u, within %d ms\n",
				    stream->db.id, cookie, OA_SAMPLE_TIMEOUT_MS);
		goto out;
	}
	ret = -EIO;
	if (status != GUC_OA_SAMPLE_WRITTEN)
		goto out;
	if (offset >= stream->buf.size || offset % 64) {
		drm_err_ratelimited(&oa->drm,
				    "OA_SAMPLE_DONE offset 0x%x is not a report of the buffer\n",
				    offset);
		goto out;
	}

	ret = intel_oa_sample_wait(stream, offset, timestamp);
	if (!ret)
		*marker = cookie;
out:
	intel_oa_sample_watch(stream, 0);
	return ret;
}
