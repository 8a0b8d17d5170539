import { Navigate, useParams } from 'react-router';

/** /members/profile/:GTID: the old address of a contact. */
export function MembersProfileRedirect() {
  const { GTID = '' } = useParams();
  return <Navigate to={`/contact/${encodeURIComponent(GTID)}`} replace />;
}
