import { HomeScreen } from './home-screen';

export default function UpcomingScreen() {
  return <HomeScreen focus="upcoming" />;
}
