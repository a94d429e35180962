// The build of Bottleneck that Octokit's retry and throttling plugins import: the same class as
// the package's main entry (whose types Bottleneck ships), without its Redis clustering.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
