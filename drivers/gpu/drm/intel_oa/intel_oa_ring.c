// SPDX-License-Identifier: GPL-2.0
/*
 * The stream ring: records in kernel memory, read() and mmap().
 */

#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: stream ring
 *
 * Every stream has a ring of records in kernel memory, filled by the
 * drain (see "draining") and consumed by read() or by a reader that
 * mmap()s it. Its data pages are ordinary pages, not physically
 * contiguous, mapped twice in a row both in the kernel (one vmap()) and
 * in a reader's mapping, like the BPF ring buffer: a record that wraps
 * around the end of the ring is still one contiguous piece, so the drain
 * writes it, read() copies any run of records and a reader parses them
 * without a special case at the wrap.
 *
 * Records are those of read(): a struct drm_i915_perf_record_header
 * whose size covers the payload, SAMPLE headers built by the drain, so
 * read() copies whole runs of ready records with one copy_to_user().
 *
 * Positions (struct intel_oa_mmap_page @data_head and @data_tail) count
 * bytes since the stream was opened (an enable discards what is unread by
 * moving the tail to the head, see intel_oa_ring_reset()) and never wrap. The drain is the
 * only producer: it writes records after @data_head and publishes the new
 * head with release semantics. The consumer, read() (serialised by the
 * stream lock) or an mmap() reader, reads records up to the head it read
 * with acquire semantics and then publishes @data_tail with release
 * semantics; the drain reads it with acquire semantics before it writes
 * over the bytes behind it. This is the protocol of the perf_event ring
 * (kernel/events/ring_buffer.c), documented for userspace in the uAPI
 * header. The drain accepts a tail only between the last one it accepted
 * and the head, so a reader that writes nonsense there loses its own
 * stream's consistency (read() then returns -EIO) and nothing else.
 *
 * The producer side is this file's alone (perf's perf_output_begin() and
 * perf_output_end() are the model): under the producer lock, which it
 * asserts with lockdep, a producer asks for room with
 * intel_oa_ring_reserve(), writes its record there and publishes it with
 * intel_oa_ring_commit(); a loss it cannot write a record for now it
 * hands over with intel_oa_ring_lose(), of its kind (enum
 * intel_oa_ring_loss) and with its count. Losses are owed records, each
 * kind counted once and exactly: before the next record that fits, or
 * when the drain publishes with room for them and no gap of dropped
 * reports is still open, the ring writes them in a fixed order (unit
 * overflow, unit report-lost, lost writes, ring full), all or none: an
 * OA_BUFFER_LOST per overflow; per report-lost event an i915 OA_REPORT_LOST or a struct
 * intel_oa_perf_record_lost of reason INTEL_OA_LOST_UNIT (count 0: the
 * unit does not say how many); per lost write an OA_REPORT_LOST, or one
 * INTEL_OA_LOST_WRITE record with the count; per gap of reports dropped
 * for want of room one OA_REPORT_LOST, or one INTEL_OA_LOST_RING_FULL
 * record with the count (also the control page's @dropped and debugfs
 * ring_dropped). A report dropped for want of room is never written
 * later, nothing already in the ring is overwritten, and the OA unit is
 * not restarted for it.
 *
 * A reservation that found nothing owed remembers the free space it saw
 * (@room, a lower bound: the reader only ever frees more), and the next
 * ones take from it without reading @data_tail or looking at the owed
 * losses; a loss owed or loss records written clear it, so the owed
 * records keep their place. At millions of reports a second that work
 * per report was the drain's limit after the copy (Documentation/
 * testing.rst, "The drain's rate in make check").
 *
 * mmap(): offset 0 maps the control page (one page, shared, writable so
 * a reader can store @data_tail); the control page's @data_offset maps
 * the data pages read-only (EPERM for a writable mapping), shared, up to
 * twice the ring's size. Both are left out of fork() children and core
 * dumps. A mapping keeps the stream file, and so the ring, alive.
 */

/**
 * intel_oa_ring_alloc - allocate a stream's ring and its control page
 * @ring: zeroed ring
 * @size: bytes, a power of two and a multiple of PAGE_SIZE
 * @record_size: bytes of a SAMPLE record (for the control page)
 * @producer_lock: the lock every producer holds
 * @lost_records: mark losses with struct intel_oa_perf_record_lost
 *
 * The pages are charged to the caller's memory cgroup.
 *
 * Return: 0 or -ENOMEM; on error nothing is left allocated.
 */
int intel_oa_ring_alloc(struct intel_oa_ring *ring, u64 size, u32 record_size,
			struct mutex *producer_lock, bool lost_records)
{
	const gfp_t gfp = GFP_KERNEL_ACCOUNT | __GFP_ZERO | __GFP_NOWARN |
			  __GFP_RETRY_MAYFAIL;
	unsigned int n = size >> PAGE_SHIFT;
	struct page **twice;
	unsigned int i;

	ring->size = size;
	ring->pages = kvcalloc(n, sizeof(*ring->pages), GFP_KERNEL_ACCOUNT);
	if (!ring->pages)
		return -ENOMEM;

	for (i = 0; i < n; i++) {
		ring->pages[i] = alloc_page(gfp);
		if (!ring->pages[i])
			goto err_pages;
	}
	ring->n_pages = n;

	ring->ctl_page = alloc_page(gfp);
	if (!ring->ctl_page)
		goto err_pages;
	ring->ctl = page_address(ring->ctl_page);

	/* The data pages twice in a row: records never wrap for readers. */
	twice = kvmalloc_array(2 * n, sizeof(*twice), GFP_KERNEL);
	if (!twice)
		goto err_ctl;
	memcpy(twice, ring->pages, n * sizeof(*twice));
	memcpy(twice + n, ring->pages, n * sizeof(*twice));
	ring->vaddr = vmap(twice, 2 * n, VM_MAP, PAGE_KERNEL);
	kvfree(twice);
	if (!ring->vaddr)
		goto err_ctl;

	ring->ctl->version = 1;
	ring->ctl->header_size = sizeof(*ring->ctl);
	ring->ctl->data_offset = INTEL_OA_RING_MMAP_OFFSET;
	ring->ctl->data_size = size;
	ring->ctl->record_size = record_size;
	ring->record_size = record_size;
	ring->producer_lock = producer_lock;
	ring->lost_records = lost_records;
	return 0;

err_ctl:
	__free_page(ring->ctl_page);
	ring->ctl_page = NULL;
	ring->ctl = NULL;
err_pages:
	while (i--)
		__free_page(ring->pages[i]);
	kvfree(ring->pages);
	ring->pages = NULL;
	ring->n_pages = 0;
	return -ENOMEM;
}

/**
 * intel_oa_ring_free - free a ring (no mapping of it is left)
 * @ring: ring from intel_oa_ring_alloc(), or zeroed
 */
void intel_oa_ring_free(struct intel_oa_ring *ring)
{
	unsigned int i;

	if (ring->vaddr)
		vunmap(ring->vaddr);
	for (i = 0; i < ring->n_pages; i++)
		__free_page(ring->pages[i]);
	kvfree(ring->pages);
	if (ring->ctl_page) {
		ring->ctl_page->mapping = NULL;
		__free_page(ring->ctl_page);
	}
	memset(ring, 0, sizeof(*ring));
}

/**
 * intel_oa_ring_reset - forget everything in the ring
 * @ring: ring; caller holds the producer lock, no read() runs
 *
 * Used when a stream is enabled: like i915, what was not read before a
 * disable is gone, and so are the losses owed from before. Positions go
 * on from where they were (they count bytes since the stream opened): a
 * reader of the mapping sees @data_tail jump to @data_head.
 */
void intel_oa_ring_reset(struct intel_oa_ring *ring)
{
	lockdep_assert_held(ring->producer_lock);
	ring->tail = ring->head;
	ring->room = 0;
	WRITE_ONCE(ring->plain_from, ring->head);
	memset(ring->owed, 0, sizeof(ring->owed));
	/* As a consumer would: everything up to the head is done with. */
	smp_store_release(&ring->ctl->data_tail, ring->head);
}

/* The consumer position, as far as the producer knows. */
static u64 ring_tail(struct intel_oa_ring *ring)
{
	/* Pairs with the consumer's release store: it is done with them. */
	u64 tail = smp_load_acquire(&ring->ctl->data_tail);

	if (tail - ring->tail <= ring->head - ring->tail)
		ring->tail = tail;
	return ring->tail;
}

/* Bytes a producer may write now, before the owed loss records take theirs. */
static u64 ring_space(struct intel_oa_ring *ring)
{
	lockdep_assert_held(ring->producer_lock);
	return ring->size - (ring->head - ring_tail(ring));
}

static const u32 owed_order[] = {
	INTEL_OA_RING_LOSS_OVERFLOW, INTEL_OA_RING_LOSS_UNIT,
	INTEL_OA_RING_LOSS_WRITE, INTEL_OA_RING_LOSS_RING_FULL,
};

/* Records per owed loss of @kind (see "stream ring"). */
static u64 owed_records(const struct intel_oa_ring *ring, u32 kind)
{
	u64 n = ring->owed[kind];

	if (!n)
		return 0;
	switch (kind) {
	case INTEL_OA_RING_LOSS_OVERFLOW:
	case INTEL_OA_RING_LOSS_UNIT:
		return n;
	case INTEL_OA_RING_LOSS_WRITE:
		return ring->lost_records ? 1 : n;
	default:
		return 1;
	}
}

static u32 owed_record_size(const struct intel_oa_ring *ring, u32 kind)
{
	if (kind == INTEL_OA_RING_LOSS_OVERFLOW || !ring->lost_records)
		return sizeof(struct drm_i915_perf_record_header);
	return sizeof(struct intel_oa_perf_record_lost);
}

static u64 owed_bytes(const struct intel_oa_ring *ring)
{
	u64 bytes = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(owed_order); i++)
		bytes += owed_records(ring, owed_order[i]) *
			 owed_record_size(ring, owed_order[i]);
	return bytes;
}

static void *ring_ptr(struct intel_oa_ring *ring)
{
	return ring->vaddr + (ring->head & (ring->size - 1));
}

static void put_record(struct intel_oa_ring *ring, u32 kind)
{
	static const u32 lost_reason[] = {
		[INTEL_OA_RING_LOSS_UNIT] = INTEL_OA_LOST_UNIT,
		[INTEL_OA_RING_LOSS_WRITE] = INTEL_OA_LOST_WRITE,
		[INTEL_OA_RING_LOSS_RING_FULL] = INTEL_OA_LOST_RING_FULL,
	};
	u32 size = owed_record_size(ring, kind);
	struct drm_i915_perf_record_header *h = ring_ptr(ring);

	h->pad = 0;
	h->size = size;
	if (size == sizeof(*h)) {
		h->type = kind == INTEL_OA_RING_LOSS_OVERFLOW ?
			  DRM_I915_PERF_RECORD_OA_BUFFER_LOST :
			  DRM_I915_PERF_RECORD_OA_REPORT_LOST;
	} else {
		struct intel_oa_perf_record_lost *rec = (void *)h;

		h->type = INTEL_OA_PERF_RECORD_LOST;
		rec->reason = lost_reason[kind];
		rec->count = kind == INTEL_OA_RING_LOSS_UNIT ? 0 :
			     min_t(u64, ring->owed[kind], U32_MAX);
	}
	ring->head += size;
}

/* Write every owed loss record if all fit (with @extra bytes after them). */
static bool flush_owed(struct intel_oa_ring *ring, u32 extra)
{
	u64 bytes = owed_bytes(ring), n;
	unsigned int i;

	if (ring_space(ring) < bytes + extra)
		return false;
	if (!bytes)
		return true;
	for (i = 0; i < ARRAY_SIZE(owed_order); i++) {
		u32 kind = owed_order[i];

		for (n = owed_records(ring, kind); n; n--)
			put_record(ring, kind);
		ring->owed[kind] = 0;
	}
	ring->room = 0;
	/* read()'s run of SAMPLEs ends before them. */
	WRITE_ONCE(ring->plain_from, ring->head);
	return true;
}

/**
 * intel_oa_ring_reserve - room for a record, after the owed loss records
 * @ring: ring; caller holds the producer lock
 * @size: bytes of the record
 *
 * Writes the owed loss records first (see "stream ring").
 *
 * Return: where to write the record (contiguous, thanks to the double
 * mapping), or NULL when it does not fit with them: nothing is written.
 */
void *intel_oa_ring_reserve(struct intel_oa_ring *ring, u32 size)
{
	lockdep_assert_held(ring->producer_lock);
	/* Nothing owed, room known: the drain's case for nearly every report. */
	if (likely(ring->room >= size)) {
		ring->room -= size;
		return ring_ptr(ring);
	}
	if (!flush_owed(ring, size))
		return NULL;
	ring->room = ring_space(ring) - size;
	return ring_ptr(ring);
}

/**
 * intel_oa_ring_commit - account a record written where reserve said
 * @ring: ring; caller holds the producer lock
 * @size: its bytes, as reserved
 * @sample: it is a SAMPLE record of the ring's record size
 *
 * Readers see it after the next intel_oa_ring_publish().
 */
void intel_oa_ring_commit(struct intel_oa_ring *ring, u32 size, bool sample)
{
	lockdep_assert_held(ring->producer_lock);
	ring->head += size;
	/* read()'s run of SAMPLEs ends before any other record. */
	if (!sample)
		WRITE_ONCE(ring->plain_from, ring->head);
}

/**
 * intel_oa_ring_lose - owe a loss record
 * @ring: ring; caller holds the producer lock
 * @kind: what was lost, enum intel_oa_ring_loss
 * @count: how many reports (events for the unit's statuses)
 */
void intel_oa_ring_lose(struct intel_oa_ring *ring, u32 kind, u64 count)
{
	lockdep_assert_held(ring->producer_lock);
	ring->owed[kind] += count;
	ring->room = 0;
	if (kind == INTEL_OA_RING_LOSS_RING_FULL)
		ring->dropped_total += count;
}

/**
 * intel_oa_ring_publish - make the records written so far visible
 * @ring: ring; caller holds the producer lock
 *
 * Writes the owed loss records first if there is room for them, unless a
 * gap of reports dropped for want of room is still open: its one record
 * goes before the next report that fits (intel_oa_ring_reserve()).
 */
void intel_oa_ring_publish(struct intel_oa_ring *ring)
{
	lockdep_assert_held(ring->producer_lock);
	if (!ring->owed[INTEL_OA_RING_LOSS_RING_FULL])
		flush_owed(ring, 0);
	WRITE_ONCE(ring->ctl->dropped, ring->dropped_total);
	/* Pairs with the consumer's acquire load: the records come first. */
	smp_store_release(&ring->ctl->data_head, ring->head);
}

/**
 * intel_oa_ring_unread - bytes published and not consumed
 * @ring: ring
 *
 * Lockless; a consumer's view.
 *
 * Return: bytes between @data_tail and @data_head, 0 if the tail is not
 * sensible.
 */
u64 intel_oa_ring_unread(const struct intel_oa_ring *ring)
{
	/* Pairs with intel_oa_ring_publish(): records before the head. */
	u64 head = smp_load_acquire(&ring->ctl->data_head);
	u64 used = head - READ_ONCE(ring->ctl->data_tail);

	return used <= ring->size ? used : 0;
}

/**
 * intel_oa_ring_read - copy whole records to userspace, as many as fit
 * @ring: ring; caller holds the stream lock (the one read() consumer)
 * @ubuf: userspace buffer
 * @count: its size
 * @offset: in/out: bytes of @ubuf already filled
 *
 * One copy_to_user() for the whole run of records that fits. If it
 * faults part way, the whole records before the fault stay copied and
 * consumed, as with i915's record-by-record copies.
 *
 * Return: 0 (possibly with nothing copied: the ring is empty), -ENOSPC
 * (the next record does not fit), -EFAULT, or -EIO (the consumer position
 * in the control page was corrupted by a reader).
 */
int intel_oa_ring_read(struct intel_oa_ring *ring, char __user *ubuf,
		       size_t count, size_t *offset)
{
	/* Pairs with intel_oa_ring_publish(): records before the head. */
	u64 head = smp_load_acquire(&ring->ctl->data_head);
	u64 tail = READ_ONCE(ring->ctl->data_tail);
	u64 avail = head - tail;
	size_t room = count - *offset;
	size_t span = 0, left;
	const u8 *from;
	u64 plain;
	u32 rs;
	int ret = 0;

	if (avail > ring->size)
		return -EIO;

	from = ring->vaddr + (tail & (ring->size - 1));
	/*
	 * SAMPLEs only from the last lost record on (read after the head,
	 * see &intel_oa_ring.plain_from), and the tail on one of their
	 * boundaries: the whole records that fit are a multiple of the
	 * record size, with no header to walk. Otherwise (a lost record
	 * ahead, or a tail an mmap() reader left mid-record) walk them.
	 */
	plain = READ_ONCE(ring->plain_from);
	rs = ring->record_size;
	if (rs && tail >= plain && !((tail - plain) % rs) && !(avail % rs)) {
		span = min_t(u64, avail, room - room % rs);
		goto copy;
	}
	while (span < avail) {
		const struct drm_i915_perf_record_header *h =
			(const void *)(from + span);
		u16 size = READ_ONCE(h->size);

		if (size < sizeof(*h) || size % sizeof(u64) ||
		    size > avail - span)
			return -EIO;
		if (size > room - span)
			break;
		span += size;
	}

copy:
	if (!span)
		return avail ? -ENOSPC : 0;

	left = copy_to_user(ubuf + *offset, from, span);
	if (unlikely(left)) {
		/* As i915: the whole records before the fault count. */
		size_t copied = span - left, whole = 0;

		while (whole < copied) {
			const struct drm_i915_perf_record_header *h =
				(const void *)(from + whole);

			if (h->size > copied - whole)
				break;
			whole += h->size;
		}
		span = whole;
		ret = -EFAULT;
	}

	/* Pairs with the producer's acquire load in ring_tail(). */
	smp_store_release(&ring->ctl->data_tail, tail + span);
	*offset += span;
	return ret;
}

static vm_fault_t intel_oa_ring_fault(struct vm_fault *vmf)
{
	struct intel_oa_stream *stream = vmf->vma->vm_private_data;
	struct intel_oa_ring *ring = &stream->ring;
	pgoff_t data = INTEL_OA_RING_MMAP_OFFSET >> PAGE_SHIFT;
	struct page *page;

	if (vmf->pgoff == 0) {
		page = ring->ctl_page;
		/* As perf does for its user page: it can be written. */
		page->mapping = vmf->vma->vm_file->f_mapping;
		page->index = 0;
	} else if (vmf->pgoff >= data &&
		   vmf->pgoff - data < 2 * ring->n_pages) {
		page = ring->pages[(vmf->pgoff - data) % ring->n_pages];
	} else {
		return VM_FAULT_SIGBUS;
	}

	get_page(page);
	vmf->page = page;
	return 0;
}

static const struct vm_operations_struct intel_oa_ring_vm_ops = {
	.fault = intel_oa_ring_fault,
};

/* vm_flags became read-only behind vm_flags_mod() in Linux 6.3 (Makefile). */
static void ring_vm_flags(struct vm_area_struct *vma, unsigned long set,
			  unsigned long clear)
{
#ifdef INTEL_OA_HAVE_VM_FLAGS_MOD
	vm_flags_mod(vma, set, clear);
#else
	vma->vm_flags = (vma->vm_flags | set) & ~clear;
#endif
}

/**
 * intel_oa_ring_mmap - map the control page or the data pages
 * @stream: stream whose ring to map
 * @vma: the new mapping
 *
 * Return: 0, -EINVAL (not shared, or an offset or length that is not one
 * of the two mappings), -EPERM (the data pages writable).
 */
int intel_oa_ring_mmap(struct intel_oa_stream *stream,
		       struct vm_area_struct *vma)
{
	unsigned long len = vma->vm_end - vma->vm_start;
	struct intel_oa_ring *ring = &stream->ring;

	if (!(vma->vm_flags & VM_SHARED))
		return -EINVAL;

	if (vma->vm_pgoff == 0) {
		if (len != PAGE_SIZE)
			return -EINVAL;
	} else if (vma->vm_pgoff == INTEL_OA_RING_MMAP_OFFSET >> PAGE_SHIFT) {
		if (len > 2 * ring->size)
			return -EINVAL;
		if (vma->vm_flags & VM_WRITE)
			return -EPERM;
		ring_vm_flags(vma, 0, VM_MAYWRITE);
	} else {
		return -EINVAL;
	}

	ring_vm_flags(vma, VM_DONTCOPY | VM_DONTEXPAND | VM_DONTDUMP, 0);
	vma->vm_ops = &intel_oa_ring_vm_ops;
	vma->vm_private_data = stream;
	return 0;
}
