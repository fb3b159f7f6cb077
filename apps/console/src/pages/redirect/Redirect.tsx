import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** /redirect/{path}: leave for {path} (with the query) so that page renders afresh. */
export default function Redirect() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${rest}${search}${hash}`, { replace: true });
  }, [navigate, rest, search, hash]);
  return null;
}
