import { notFound } from 'next/navigation';
import { runningServices } from '@bof/api/running-services';
import { viewerFromClaims } from '@bof/api/viewer';
import { getServerViewer } from '../server-viewer';

/** This request's viewer and their newsroom role, or nulls. */
export async function newsroomStaff() {
  const claims = await getServerViewer();
  const services = await runningServices();
  const viewer = claims ? viewerFromClaims(claims) : null;
  const staff = await services.newsroom.staffOf(viewer);
  return { viewer, staff, services };
}

/**
 * The newsroom staff member of this request, for newsroom pages. Anyone else (anonymous, a reader, an
 * admin without a newsroom role) gets the ordinary 404: the newsroom does not announce itself.
 */
export async function newsroomStaffOr404() {
  const { viewer, staff, services } = await newsroomStaff();
  if (!staff || !viewer) notFound();
  return { viewer, staff, newsroom: services.newsroom, services };
}
