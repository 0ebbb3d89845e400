package app.glint;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
